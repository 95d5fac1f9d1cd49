import { dateTime } from '@portal/shared-contracts/date-time';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { scimTokenBodySchema } from '@portal/shared-contracts/forms';
import { serverMessage, usePlatform } from '@portal/shared-contracts/platform';
import type { ScimToken } from '@portal/shared-contracts';
import { CopyField, LoadState } from '@portal/shared-ui/data-display';
import { Button, TextField } from '@portal/shared-ui/form';
import { ConfirmDialog } from '@portal/shared-ui/overlays';
import { useState, type FormEvent } from 'react';
import { useCreateScimToken, useRevokeScimToken, useScimTokens } from '../../api/scim-tokens';
import styles from './company-settings-page.module.css';

const M = MESSAGES.scim;


/**
 * Company Settings, Provisioning (SCIM): the base URL to give the identity provider, its tokens
 * (a new one is shown once), and revoking one. docs/decisions/0039-scim-provisioning.md.
 */
export function ScimSection({ companyId }: { companyId: string }) {
  const platform = usePlatform();
  const tokens = useScimTokens(companyId);
  const create = useCreateScimToken(companyId);
  const revoke = useRevokeScimToken(companyId);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [shown, setShown] = useState<{ name: string; token: string } | null>(null);
  const [revoking, setRevoking] = useState<ScimToken | null>(null);

  const onCreate = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = scimTokenBodySchema.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      const answer = await create.mutateAsync(parsed.data.name);
      setShown({ name: answer.name, token: answer.token });
      setName('');
    } catch (e) {
      setError(serverMessage(e, MESSAGES.common.unknownError));
    }
  };

  return (
    <section className={styles.card} aria-labelledby="scim-heading">
      <h2 id="scim-heading" className={styles.heading}>
        {M.heading}
      </h2>
      <p className={styles.muted}>{M.intro}</p>
      <LoadState query={tokens} loadingLabel={M.heading} failedText={M.loadFailed}>
        {tokens.data ? (
          <div className={styles.stack}>
            <CopyField label={M.baseUrl} value={tokens.data.baseUrl} copyLabel={M.copyBaseUrl} copiedLabel={M.copied} name="scimBaseUrl" />
            <h3 className={styles.subheading}>{M.tokensHeading}</h3>
            {shown ? (
              <div className={styles.newToken} role="status">
                <p>{M.created}</p>
                <CopyField label={`${M.newToken}: ${shown.name}`} value={shown.token} copyLabel={M.copyToken} copiedLabel={M.copied} name="scimToken" />
                <div className={styles.buttons}>
                  <Button type="button" size="sm" variant="secondary" onClick={() => setShown(null)}>
                    {M.done}
                  </Button>
                </div>
              </div>
            ) : null}
            <form className={styles.inline} onSubmit={(e) => void onCreate(e)} noValidate>
              <TextField label={M.tokenName} hint={M.tokenNameHint} value={name} onChange={(e) => setName(e.target.value)} error={error} name="scimTokenName" autoComplete="off" />
              <Button type="submit" loading={create.isPending} loadingText={M.creating}>
                {M.create}
              </Button>
            </form>
            {tokens.data.tokens.length === 0 ? (
              <p className={styles.muted}>{M.none}</p>
            ) : (
              <ul className={styles.domainList} aria-label={M.tokensHeading}>
                {tokens.data.tokens.map((t) => (
                  <li key={t.id} className={styles.domainRow}>
                    <strong className={styles.domainName}>{t.name}</strong>
                    <dl className={styles.tokenFacts}>
                      <dt>{M.columnCreated}</dt>
                      <dd>
                        <time dateTime={t.createdAt}>{dateTime(t.createdAt)}</time>
                      </dd>
                      <dt>{M.columnLastUsed}</dt>
                      <dd>{t.lastUsedAt ? <time dateTime={t.lastUsedAt}>{dateTime(t.lastUsedAt)}</time> : M.neverUsed}</dd>
                    </dl>
                    <div className={styles.buttons}>
                      <Button type="button" size="sm" variant="secondary" aria-label={`${M.revoke} ${t.name}`} onClick={() => setRevoking(t)}>
                        {M.revoke}
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </div>
        ) : null}
      </LoadState>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title={M.revokeTitle}
        message={revoking ? M.revokeBody(revoking.name) : ''}
        confirmLabel={M.revoke}
        tone="danger"
        busy={revoke.isPending}
        onConfirm={() => {
          if (!revoking) return;
          void revoke.mutateAsync(revoking.id).then(
            () => {
              setRevoking(null);
              platform.toast.success(M.revoked);
            },
            (e: unknown) => platform.toast.error(serverMessage(e, MESSAGES.common.unknownError)),
          );
        }}
      />
    </section>
  );
}
