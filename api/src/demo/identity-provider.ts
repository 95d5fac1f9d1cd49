import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type KoaContext } from 'oidc-provider';

/**
 * A real OpenID Provider on loopback: `oidc-provider` (panva's certified implementation) in this
 * process, with one static client, its test accounts and the plain login form of its
 * `devInteractions` (any password). The api's tests and the e2e journeys sign in through it, and
 * `npm start`'s demo company uses it. Never for production: accounts are in memory, cookies keys
 * random, and it speaks plain http on 127.0.0.1 only.
 */

export interface IdentityAccount {
  /**
   * What the login form's "login" field takes (the portal's login_hint fills in the email), and the
   * account's subject (`sub`): oidc-provider names an account by it.
   */
  login: string;
  email: string;
  emailVerified?: boolean;
  givenName?: string;
  familyName?: string;
}

/** Changes the ID token the token endpoint answers (tests of the relying party's refusals). */
export type IdTokenTamper = (idToken: string, keys: { privateJwk: Record<string, unknown> }) => Promise<string>;

export interface IdentityProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, IdentityAccount>;
  /** Set to change the next ID tokens; null answers them as issued. */
  tamper: IdTokenTamper | null;
  /** The provider's signing key (private JWK), to re-sign a tampered token as the provider would. */
  privateJwk: Record<string, unknown>;
  close(): Promise<void>;
}

export interface IdentityProviderOptions {
  /** Where the portal is reached: its callback and post-logout addresses are registered from it. */
  publicUrl: string;
  /** 0: any free port. */
  port?: number;
  clientId?: string;
  clientSecret?: string;
  accounts?: IdentityAccount[];
  /** An account for a login the list does not hold (the demo: anyone at its company's domain). */
  accountFor?: (login: string) => IdentityAccount | undefined;
}

export async function startIdentityProvider(o: IdentityProviderOptions): Promise<IdentityProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = o.clientId ?? 'commute-portal';
  const clientSecret = o.clientSecret ?? randomBytes(24).toString('base64url');
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const privateJwk = { ...(await exportJWK(privateKey)), kid: randomBytes(6).toString('hex'), alg: 'RS256', use: 'sig' };
  const accounts = new Map((o.accounts ?? []).map((a) => [a.login.toLowerCase(), a]));

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${o.publicUrl}/api/sso/callback`],
        post_logout_redirect_uris: [`${o.publicUrl}/`],
        // A logout at the provider ends the portal's sessions of it too (the ID token carries `sid`).
        backchannel_logout_uri: `${o.publicUrl}/api/sso/backchannel-logout`,
        backchannel_logout_session_required: true,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [privateJwk] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true }, backchannelLogout: { enabled: true } },
    // The ID token carries the claims itself (no userinfo call needed).
    conformIdTokenClaims: false,
    findAccount(_ctx: unknown, id: string) {
      const a = accounts.get(id.toLowerCase()) ?? o.accountFor?.(id);
      if (!a) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: a.email,
          email_verified: a.emailVerified ?? true,
          given_name: a.givenName,
          family_name: a.familyName,
          name: [a.givenName, a.familyName].filter(Boolean).join(' ') || undefined,
        }),
      };
    },
    // A first-party client: no consent screen, the grant is made on the first sign-in.
    async loadExistingGrant(ctx: { oidc: { client: { clientId: string }; session: { accountId: string; grantIdFor(c: string): string | undefined }; provider: unknown } }) {
      const P = ctx.oidc.provider as { Grant: { find(id: string): Promise<unknown> } & (new (x: { clientId: string; accountId: string }) => { addOIDCScope(s: string): void; save(): Promise<string> }) };
      const existing = ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (existing) return P.Grant.find(existing);
      const grant = new P.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const handle: IdentityProvider = { issuer, clientId, clientSecret, accounts, tamper: null, privateJwk, close: () =>
      new Promise((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
  provider.use(async (ctx: KoaContext, next) => {
    // No icon, and no web font from the internet on its login form: it runs where there is no network.
    if (ctx.path === '/favicon.ico') {
      ctx.status = 204;
      return;
    }
    await next();
    if (typeof ctx.body === 'string' && ctx.body.includes('fonts.googleapis.com')) {
      ctx.body = ctx.body.replace(/@import url\(https:\/\/fonts\.googleapis\.com[^)]*\);?/g, '');
    }
    if (handle.tamper && ctx.path === '/token' && ctx.status === 200 && ctx.body && typeof ctx.body === 'object') {
      const body = ctx.body as { id_token?: string };
      if (body.id_token) body.id_token = await handle.tamper(body.id_token, { privateJwk });
    }
  });
  server.on('request', provider.callback());
  return handle;
}
