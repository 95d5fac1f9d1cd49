import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { BrandMark, Button, PasswordField, Spinner, TextField } from '@portal/shared-ui/form';
import { Card } from '@portal/shared-ui/data-display';
import { employeeSignupFormSchema, joinOfficeIdSchema } from '@portal/shared-contracts/forms/auth';
import { isApiError, serverMessage, usePlatform } from '@portal/shared-contracts/platform';
import { LIMITS } from '@portal/shared-contracts/constants';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { ROUTES } from '@portal/shared-contracts/routes';
import type { EmployeeSignupForm } from '@portal/shared-contracts';
import type { z } from 'zod';
import { usePublicCompany } from '../../api/get-public-company';
import { useSelfRegisterEmployeeMutation } from '../../api/self-register-employee';
import styles from './setup-account.module.css';

const FORM_FIELDS = ['firstName', 'lastName', 'email', 'employeeNumber', 'password', 'confirmPassword', 'drivingLicenseNumber'] as const;
type FormField = (typeof FORM_FIELDS)[number];

const S = MESSAGES.employeeSignup;

/**
 * Employee self-registration through the shared link (public: no session). A link whose company
 * does not exist says so and offers no form: nothing typed there could ever be sent. An office's
 * link (`&office_id=`) sends its office; the api keeps it only if it is the company's.
 */
export function SetupAccountPage() {
  const { location, navigate, toast } = usePlatform();
  const companyId = location.query.get('employer_id')?.trim() || null;
  // An office's link (ours): a malformed office id is left out rather than failing the sign-up.
  const officeParam = location.query.get('office_id')?.trim() ?? '';
  const officeId = joinOfficeIdSchema.safeParse(officeParam).success ? officeParam : null;
  const company = usePublicCompany(companyId);
  const register = useSelfRegisterEmployeeMutation();
  const notFound = !companyId || (company.isError && isApiError(company.error) && company.error.status === 404);
  const companyName = company.data?.name || MESSAGES.employeeSignup.unknownCompany;

  const form = useForm<z.input<typeof employeeSignupFormSchema>, unknown, EmployeeSignupForm>({
    resolver: zodResolver(employeeSignupFormSchema),
    defaultValues: { firstName: '', lastName: '', email: '', employeeNumber: '', password: '', confirmPassword: '', drivingLicenseNumber: '' },
    mode: 'onTouched',
  });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (values) => {
    if (!companyId) return;
    try {
      await register.mutateAsync({ companyId, officeId, form: values });
      navigate(ROUTES.downloadLinks);
    } catch (err) {
      toast.error(serverMessage(err, MESSAGES.common.unknownError));
      if (isApiError(err)) {
        for (const e of err.errors) {
          if ((FORM_FIELDS as readonly string[]).includes(e.field)) form.setError(e.field as FormField, { type: 'server', message: e.message });
        }
      }
    }
  });

  return (
    <main className={styles.screen}>
      <Card className={styles.card}>
        <div className={styles.brand}>
          <BrandMark size={44} />
        </div>
        <h1 className={styles.welcome}>{S.welcome}</h1>
        <h2 className={styles.setup}>{S.setup}</h2>
        {notFound ? (
          <p role="alert" className={styles.notice}>
            {S.companyNotFound}
          </p>
        ) : (
          <>
            <p className={styles.invited} aria-live="polite">
              {companyId && company.isPending ? <Spinner label={S.loadingCompany} /> : S.invitedBy(companyName)}
            </p>
            <p className={styles.approval}>{S.approvalNote}</p>
            <form onSubmit={onSubmit} noValidate className={styles.form}>
              <div className={styles.pair}>
                <TextField label={S.labels.firstName} autoComplete="given-name" required error={errors.firstName?.message} maxLength={LIMITS.employeeSignup.nameMax + 10} {...form.register('firstName')} />
                <TextField label={S.labels.lastName} autoComplete="family-name" required error={errors.lastName?.message} maxLength={LIMITS.employeeSignup.nameMax + 10} {...form.register('lastName')} />
              </div>
              <TextField label={S.labels.email} type="email" autoComplete="email" required error={errors.email?.message} {...form.register('email')} />
              <TextField label={S.labels.employeeNumber} autoComplete="off" required error={errors.employeeNumber?.message} {...form.register('employeeNumber')} />
              <TextField label={S.labels.licence} hint={S.labels.licenceHint} autoComplete="off" error={errors.drivingLicenseNumber?.message} {...form.register('drivingLicenseNumber')} />
              <PasswordField label={S.labels.password} autoComplete="new-password" required error={errors.password?.message} {...form.register('password')} />
              <PasswordField label={S.labels.confirmPassword} autoComplete="new-password" required error={errors.confirmPassword?.message} {...form.register('confirmPassword')} />
              <Button type="submit" fullWidth loading={register.isPending} loadingText={S.busy}>
                {MESSAGES.labels.proceed}
              </Button>
            </form>
          </>
        )}
      </Card>
    </main>
  );
}
