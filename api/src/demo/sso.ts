import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rows } from '../db/sql';
import type { ApiConfig } from '../env';
import type { Logger } from '../lib/logger';
import type { Secrets } from '../lib/secrets';
import { startIdentityProvider } from './identity-provider';

/**
 * The demo's single sign-on: Riverside Health Trust signs in with an identity provider that runs in
 * this process on loopback (oidc-provider, its plain login form: any password). Anyone
 * `@riverside.example` can sign in there; the employer's own account signs in as the employer, a new
 * address becomes a join request in Riverside's Pending Requests. Passwords are off for Riverside's
 * administrators, so its password login shows why.
 */
export const DEMO_SSO = {
  domain: 'riverside.example',
  companyEmail: 'travel@riverside.example',
  clientId: 'commute-portal-demo',
  // A loopback demo's client; the secret still goes through the same encrypted column as a real one.
  clientSecret: 'riverside-demo-client-secret',
} as const;

function titleCase(s: string): string {
  return s ? s.charAt(0).toUpperCase() + s.slice(1) : s;
}

export async function startDemoSso(o: { db: Db; log: Logger; config: ApiConfig; secrets: Secrets | null }): Promise<{ close(): Promise<void> } | null> {
  if (!o.secrets) return null;
  const [company] = await rows<{ id: string }>(o.db, sql`select id from companies where lower(email) = ${DEMO_SSO.companyEmail} limit 1`);
  if (!company) return null;
  let provider;
  try {
    provider = await startIdentityProvider({
      publicUrl: o.config.publicUrl,
      port: o.config.demoOidcPort,
      clientId: DEMO_SSO.clientId,
      clientSecret: DEMO_SSO.clientSecret,
      accountFor(login) {
        const email = login.trim().toLowerCase();
        if (!email.endsWith(`@${DEMO_SSO.domain}`) || email.length > 255) return undefined;
        const [first = '', last = ''] = email.slice(0, email.indexOf('@')).split(/[._-]+/);
        return { login: email, email, givenName: titleCase(first).slice(0, 30) || undefined, familyName: titleCase(last).slice(0, 30) || undefined };
      },
    });
  } catch (err) {
    o.log.warn({ port: o.config.demoOidcPort, err: String(err) }, 'demo single sign-on: the identity provider could not start (DEMO_OIDC_PORT); Riverside signs in with passwords');
    await o.db.execute(sql`update sso_connections set passwords_allowed = true where company_id = ${company.id}`);
    return null;
  }
  const secretEnc = o.secrets.seal(DEMO_SSO.clientSecret, company.id);
  await o.db.execute(sql`
    insert into sso_connections (company_id, issuer, client_id, client_secret_enc, passwords_allowed, auto_approve)
    values (${company.id}, ${provider.issuer}, ${DEMO_SSO.clientId}, ${secretEnc}, false, false)
    on conflict (company_id) do update set issuer = excluded.issuer, client_id = excluded.client_id,
      client_secret_enc = excluded.client_secret_enc, updated_at = now()`);
  // The demo's domain is taken as proven (there is no DNS for .example); a real company verifies its own.
  await o.db.execute(sql`
    insert into sso_domains (company_id, domain, verification_token, verified_at)
    values (${company.id}, ${DEMO_SSO.domain}, 'demo', now())
    on conflict do nothing`);
  o.log.info({ issuer: provider.issuer }, 'demo single sign-on: Riverside signs in at its identity provider');
  return provider;
}
