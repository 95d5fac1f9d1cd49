import { isApiError, serverMessage, usePlatform } from '@portal/shared-contracts/platform';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { ssoDomainBodySchema, ssoSettingsBodySchema } from '@portal/shared-contracts/forms';
import type { SsoDomain, SsoSettings } from '@portal/shared-contracts';
import { Badge, LoadState } from '@portal/shared-ui/data-display';
import { Button, Checkbox, TextField } from '@portal/shared-ui/form';
import { ConfirmDialog } from '@portal/shared-ui/overlays';
import { useState, type FormEvent } from 'react';
import { useAddSsoDomain, useRemoveSsoDomain, useRemoveSsoSettings, useSaveSsoSettings, useSsoSettings, useVerifySsoDomain } from '../../api/sso-settings';
import styles from './company-settings-page.module.css';
import { ScimSection } from './scim-section';

const M = MESSAGES.sso;

type Field = 'issuer' | 'clientId' | 'clientSecret' | 'passwordsAllowed' | 'officeClaim' | 'domain';
type Errors = Partial<Record<Field, string>>;

/** The first message of each field, as the contract's schema gives them (the api checks the same schema). */
function fieldErrors(issues: readonly { path: PropertyKey[]; message: string }[]): Errors {
  const out: Errors = {};
  for (const i of issues) {
    const f = i.path[0] as Field;
    out[f] ??= i.message;
  }
  return out;
}

/** An api refusal's field errors, else its message on the form. */
function fromApi(error: unknown): { errors: Errors; message: string } {
  const errors: Errors = {};
  if (isApiError(error)) for (const x of error.errors) if (x.field) errors[x.field as Field] ??= x.message;
  return { errors, message: serverMessage(error, MESSAGES.common.unknownError) };
}

/** Company Settings, Single sign-on: the company's OpenID provider and its proven email domains. */
export function SsoTab() {
  const platform = usePlatform();
  const id = platform.session?.employerId ?? null;
  const settings = useSsoSettings(id);
  return (
    <LoadState query={settings} loadingLabel={M.tab} failedText={MESSAGES.company.loadFailed}>
      {id && settings.data ? (
        <div className={styles.stack}>
          <ProviderCard companyId={id} settings={settings.data} />
          <DomainsCard companyId={id} domains={settings.data.domains} />
          <ScimSection companyId={id} />
        </div>
      ) : null}
    </LoadState>
  );
}

function ProviderCard({ companyId, settings }: { companyId: string; settings: SsoSettings }) {
  const platform = usePlatform();
  const save = useSaveSsoSettings(companyId);
  const remove = useRemoveSsoSettings(companyId);
  const [issuer, setIssuer] = useState(settings.issuer ?? '');
  const [clientId, setClientId] = useState(settings.clientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [passwordsAllowed, setPasswordsAllowed] = useState(settings.passwordsAllowed);
  const [autoApprove, setAutoApprove] = useState(settings.autoApprove);
  const [officeClaim, setOfficeClaim] = useState(settings.officeClaim ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [confirmOff, setConfirmOff] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = { issuer, clientId, ...(clientSecret ? { clientSecret } : {}), passwordsAllowed, autoApprove, officeClaim };
    const parsed = ssoSettingsBodySchema.safeParse(body);
    const found = parsed.success ? {} : fieldErrors(parsed.error.issues);
    if (!settings.hasSecret && !clientSecret) found.clientSecret ??= M.clientSecretRequired;
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length) return;
    try {
      await save.mutateAsync(body);
      setClientSecret('');
      platform.toast.success(M.saved);
    } catch (error) {
      const { errors: e, message } = fromApi(error);
      setErrors(e);
      setFormError(message);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="sso-provider-heading">
      <h2 id="sso-provider-heading" className={styles.heading}>
        {M.providerHeading}
      </h2>
      <p className={styles.muted}>{M.intro}</p>
      {settings.configured ? null : <p className={styles.muted}>{M.notConfigured}</p>}
      <form className={styles.stack} onSubmit={(e) => void onSubmit(e)} noValidate>
        <TextField label={M.issuer} hint={M.issuerHint} value={issuer} onChange={(e) => setIssuer(e.target.value)} error={errors.issuer} name="issuer" autoComplete="off" inputMode="url" />
        <TextField label={M.clientId} value={clientId} onChange={(e) => setClientId(e.target.value)} error={errors.clientId} name="clientId" autoComplete="off" />
        <TextField
          label={M.clientSecret}
          type="password"
          hint={settings.hasSecret ? M.clientSecretKept : undefined}
          value={clientSecret}
          onChange={(e) => setClientSecret(e.target.value)}
          error={errors.clientSecret}
          name="clientSecret"
          autoComplete="new-password"
        />
        <Checkbox label={M.passwordsAllowed} checked={passwordsAllowed} onCheckedChange={setPasswordsAllowed} name="passwordsAllowed" />
        {errors.passwordsAllowed ? (
          <p className={styles.error} role="alert">
            {errors.passwordsAllowed}
          </p>
        ) : null}
        <Checkbox label={M.autoApprove} checked={autoApprove} onCheckedChange={setAutoApprove} name="autoApprove" />
        <TextField
          label={M.officeClaim}
          hint={M.officeClaimHint}
          value={officeClaim}
          onChange={(e) => setOfficeClaim(e.target.value)}
          error={errors.officeClaim}
          name="officeClaim"
          autoComplete="off"
        />
        <dl className={styles.facts}>
          <dt>{M.redirectUri}</dt>
          <dd>
            <code>{settings.redirectUri}</code>
          </dd>
          <dt>{M.postLogoutUri}</dt>
          <dd>
            <code>{settings.postLogoutRedirectUri}</code>
          </dd>
        </dl>
        {formError && !Object.keys(errors).length ? (
          <p className={styles.error} role="alert">
            {formError}
          </p>
        ) : null}
        <div className={styles.buttons}>
          <Button type="submit" loading={save.isPending} loadingText={M.saving}>
            {M.save}
          </Button>
          {settings.configured ? (
            <Button type="button" variant="secondary" onClick={() => setConfirmOff(true)}>
              {M.remove}
            </Button>
          ) : null}
        </div>
      </form>
      <ConfirmDialog
        open={confirmOff}
        onOpenChange={setConfirmOff}
        message={M.removeConfirm}
        confirmLabel={M.remove}
        tone="danger"
        busy={remove.isPending}
        onConfirm={() =>
          void remove.mutateAsync().then(
            () => {
              setConfirmOff(false);
              platform.toast.success(M.removed);
            },
            (error: unknown) => platform.toast.error(serverMessage(error, MESSAGES.common.unknownError)),
          )
        }
      />
    </section>
  );
}

function DomainsCard({ companyId, domains }: { companyId: string; domains: SsoDomain[] }) {
  const platform = usePlatform();
  const add = useAddSsoDomain(companyId);
  const [domain, setDomain] = useState('');
  const [error, setError] = useState<string | undefined>();

  const onAdd = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ssoDomainBodySchema.safeParse({ domain });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error.issues).domain);
      return;
    }
    setError(undefined);
    try {
      await add.mutateAsync(parsed.data.domain);
      setDomain('');
      platform.toast.success(M.domainAdded);
    } catch (e) {
      setError(fromApi(e).message);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="sso-domains-heading">
      <h2 id="sso-domains-heading" className={styles.heading}>
        {M.domainsHeading}
      </h2>
      <p className={styles.muted}>{M.domainsIntro}</p>
      <form className={styles.inline} onSubmit={(e) => void onAdd(e)} noValidate>
        <TextField label={M.domain} value={domain} onChange={(e) => setDomain(e.target.value)} error={error} name="domain" autoComplete="off" placeholder={M.domainPlaceholder} />
        <Button type="submit" variant="secondary" loading={add.isPending} loadingText={M.addDomain}>
          {M.addDomain}
        </Button>
      </form>
      {domains.length === 0 ? (
        <p className={styles.muted}>{M.noDomains}</p>
      ) : (
        <ul className={styles.domainList}>
          {domains.map((d) => (
            <DomainRow key={d.id} companyId={companyId} domain={d} />
          ))}
        </ul>
      )}
    </section>
  );
}

function DomainRow({ companyId, domain }: { companyId: string; domain: SsoDomain }) {
  const platform = usePlatform();
  const verify = useVerifySsoDomain(companyId);
  const remove = useRemoveSsoDomain(companyId);
  const fail = (error: unknown) => platform.toast.error(serverMessage(error, MESSAGES.common.unknownError));
  return (
    <li className={styles.domainRow}>
      <div className={styles.domainHead}>
        <strong className={styles.domainName}>{domain.domain}</strong>
        <Badge tone={domain.verified ? 'success' : 'warning'}>{domain.verified ? M.verified : M.unverified}</Badge>
      </div>
      {domain.verified ? null : (
        <p className={styles.muted}>
          {M.txtRecord}: <code className={styles.record}>{domain.txtRecord}</code>
        </p>
      )}
      <div className={styles.buttons}>
        {domain.verified ? null : (
          <Button
            type="button"
            size="sm"
            loading={verify.isPending}
            loadingText={M.verifying}
            onClick={() => void verify.mutateAsync(domain.id).then(() => platform.toast.success(M.domainVerified(domain.domain)), fail)}
          >
            {M.verify}
          </Button>
        )}
        <Button
          type="button"
          size="sm"
          variant="secondary"
          loading={remove.isPending}
          loadingText={M.removeDomain}
          aria-label={`${M.removeDomain} ${domain.domain}`}
          onClick={() => void remove.mutateAsync(domain.id).then(() => platform.toast.success(M.domainRemoved), fail)}
        >
          {M.removeDomain}
        </Button>
      </div>
    </li>
  );
}
