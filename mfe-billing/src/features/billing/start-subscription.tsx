import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { serverMessage, usePlatform } from '@portal/shared-contracts/platform';
import { startSubscriptionBodySchema } from '@portal/shared-contracts/forms';
import type { Billing, StartSubscriptionBody } from '@portal/shared-contracts';
import { Button, Checkbox } from '@portal/shared-ui/form';
import { Card } from '@portal/shared-ui/data-display';
import { useStartSubscriptionMutation } from '../../api/start-subscription';
import { feeText, formatRate } from './format';
import styles from './billing.module.css';

const COPY = MESSAGES.billing;

type StartForm = { paymentMethod: string; acceptTerms: boolean };

/**
 * "Start subscription": the plan's terms, the payment method to choose and the acceptance to tick.
 * Nothing is invoiced until it is sent, and both choices are the employer's own: no method is
 * preselected, the box starts unticked (docs/decisions/0033-trial-and-consent.md).
 */
export function StartSubscriptionForm({ billing }: { billing: Billing }) {
  const { toast } = usePlatform();
  const start = useStartSubscriptionMutation();
  const ids = { title: useId(), method: useId(), methodError: useId(), hint: useId() };
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<StartForm, unknown, StartSubscriptionBody>({
    resolver: zodResolver(startSubscriptionBodySchema) as never,
    defaultValues: { paymentMethod: '', acceptTerms: false },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      const answer = await start.mutateAsync(body);
      if (answer.changed) toast.success(COPY.started);
      else toast.info(answer.message);
    } catch (err) {
      toast.error(serverMessage(err, COPY.startFailed));
    }
  });

  const terms = COPY.terms(billing.plan, feeText(billing, COPY.feePer), formatRate(billing.vatRateBp));
  const methodError = errors.paymentMethod?.message;
  return (
    <Card title={COPY.startTitle} aria-label={COPY.startTitle}>
      <form className={styles.startForm} onSubmit={onSubmit} noValidate aria-labelledby={ids.title}>
        <div>
          <h3 className={styles.termsTitle} id={ids.title}>
            {COPY.termsTitle}
          </h3>
          <ul className={styles.terms}>
            {terms.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
        <fieldset className={styles.methods} aria-describedby={[ids.hint, methodError ? ids.methodError : ''].filter(Boolean).join(' ')}>
          <legend className={styles.methodsLegend}>{COPY.paymentMethodLegend}</legend>
          {billing.paymentMethods.map((method) => (
            <label key={method} className={styles.method}>
              <input type="radio" value={method} aria-invalid={methodError ? true : undefined} {...register('paymentMethod')} />
              {method}
            </label>
          ))}
          <p className={styles.hint} id={ids.hint}>
            {COPY.paymentMethodHint}
          </p>
          {methodError ? (
            <p className={styles.error} id={ids.methodError} role="alert">
              {methodError}
            </p>
          ) : null}
        </fieldset>
        <Controller
          control={control}
          name="acceptTerms"
          render={({ field }) => (
            <Checkbox
              label={COPY.acceptLabel(billing.plan)}
              checked={field.value}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              name={field.name}
              error={errors.acceptTerms?.message}
            />
          )}
        />
        <div className={styles.startActions}>
          <Button type="submit" size="lg" loading={start.isPending} loadingText={COPY.starting}>
            {COPY.startButton}
          </Button>
        </div>
      </form>
    </Card>
  );
}
