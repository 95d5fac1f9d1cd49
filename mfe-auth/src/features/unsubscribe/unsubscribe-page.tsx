import { useState, type FormEvent } from 'react';
import { AppLink } from '@portal/shared-ui/form';
import { FormErrorList } from '@portal/shared-ui/form-extras';
import { unsubscribeQuerySchema } from '@portal/shared-contracts/endpoints/monthly-reports';
import { MONTHLY_REPORT_MESSAGES } from '@portal/shared-contracts/messages/monthly-reports';
import { isApiError, serverMessage, usePlatform } from '@portal/shared-contracts/platform';
import { ROUTES } from '@portal/shared-contracts/routes';
import { useUnsubscribeMutation } from '../../api/unsubscribe';
import { AuthForm } from '../../shared/auth-form';
import { AuthLayout } from '../../shared/auth-layout';
import { COPY } from '../../shared/copy';
import styles from '../../shared/form.module.css';

const M = MONTHLY_REPORT_MESSAGES.monthlyReports;

/**
 * `/unsubscribe?token=...`: opened from a monthly report's mail by someone who may have no portal
 * account (docs/decisions/0049). Opening the page changes nothing: a link checker or a preview pane
 * that follows the link must not unsubscribe anyone, so it takes the press of the button.
 */
export function UnsubscribePage() {
  const platform = usePlatform();
  const mutation = useUnsubscribeMutation();
  const token = platform.location.query.get('token') ?? '';
  const valid = unsubscribeQuerySchema.safeParse({ token }).success;
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!valid || done) return;
    setFailure(null);
    try {
      await mutation.mutateAsync(token);
      setDone(true);
    } catch (error) {
      // A 4xx names the reason (an unknown or mangled link); anything else stays general.
      setFailure(isApiError(error) && error.status < 500 ? serverMessage(error, M.unsubscribeFailed) : M.unsubscribeFailed);
    }
  }

  return (
    <AuthLayout title={M.unsubscribeHeading} subtitle={M.unsubscribeIntro} footer={<AppLink to={ROUTES.login}>{COPY.backToLogin}</AppLink>}>
      <AuthForm onSubmit={onSubmit} submitLabel={M.unsubscribeButton} busy={mutation.isPending} busyLabel={M.unsubscribeBusy} disabled={!valid || done}>
        <FormErrorList messages={[valid ? failure : M.tokenInvalid]} />
        {done ? (
          <p className={styles.success} role="status">
            {M.unsubscribed}
          </p>
        ) : null}
      </AuthForm>
    </AuthLayout>
  );
}
