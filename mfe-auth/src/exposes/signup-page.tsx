import { ROUTES } from '@portal/shared-contracts';
import { AuthLayout } from '../features/layout/components/auth-layout';
import styles from '../features/layout/components/form.module.css';
import { Carousel } from '../features/signup/components/carousel';
import { SignupFormView } from '../features/signup/components/signup-form';
import { AppLink } from '../shared/app-link';
import { COPY } from '../shared/copy';

/** `/Signup`: employer account creation, with the carousel beside the form. */
export default function SignupPage() {
  return (
    <AuthLayout
      title={COPY.signup.title}
      subtitle={COPY.signup.subtitle}
      aside={<Carousel />}
      footer={
        <>
          {COPY.signup.haveAccount}{' '}
          <AppLink to={ROUTES.login} className={styles.link}>
            {COPY.signup.backToLogin}
          </AppLink>
        </>
      }
    >
      <SignupFormView />
    </AuthLayout>
  );
}
