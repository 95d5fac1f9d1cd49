import { AppLink } from '@portal/shared-ui/form';
import { ROUTES } from '@portal/shared-contracts/routes';
import { AuthLayout } from '../../shared/auth-layout';
import { COPY } from '../../shared/copy';
import { Carousel } from './carousel';
import { SignupFormView } from './signup-form';

/** `/Signup`: employer account creation, with the carousel beside the form. */
export function SignupPage() {
  return (
    <AuthLayout
      title={COPY.signup.title}
      subtitle={COPY.signup.subtitle}
      aside={<Carousel />}
      footer={
        <>
          {COPY.signup.haveAccount} <AppLink to={ROUTES.login}>{COPY.signup.backToLogin}</AppLink>
        </>
      }
    >
      <SignupFormView />
    </AuthLayout>
  );
}
