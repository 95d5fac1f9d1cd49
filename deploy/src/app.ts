import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import compress from '@fastify/compress';
import httpProxy from '@fastify/http-proxy';
import fastifyStatic from '@fastify/static';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { PublishedVersion, SeedResult } from '@portal/api';
import { acceptEveryMethod, httpServerOptions, refuseTunnels } from '@portal/api/lib/http-server';
import { trustedProxies } from '@portal/api/lib/request-meta';
import type { ReleaseManifest, RemoteId } from '@portal/shared-contracts';
import { SCIM_BASE_PATH } from '@portal/shared-contracts/forms/scim';
import { EMPLOYEES_CSV_TEMPLATE } from './employees-csv';
import type { PortalConfig } from './env';
import { isFile } from './files';
import { pageFilesReader, PRELOAD_SCRIPT_SOURCE, withPreloads } from './index-page';
import { REPO_ROOT } from './paths';
import { offerFiguresToOperator, type FiguresReader } from './release/figures-access';
import { releaseConsolePort } from './release/console';
import { startGuardLoop, type Exclusively } from './release/guard-loop';
import { emptyManifest, withoutEndedFreezes } from './release/manifest';
import { readShellInfo } from './release/publish';
import { openReleaseStore } from './release/open-store';
import { FsReleaseStore, type ReleaseStore } from './release/store';
import { previewSecret, resolvePreview } from './release/preview';
import { PREVIEW_COOKIE, PREVIEW_LEAVE_PATH, PREVIEW_PARAM, PREVIEW_REFUSED_PARAM, type PreviewRefusal } from '@portal/shared-contracts/release-preview';
import { contentSecurityPolicy, originOf, overrideSources, securityHeaders } from './security-headers';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** One cookie's value from a Cookie header (the portal server reads no other, so no cookie plugin). */
export function cookieValue(header: string | undefined, name: string): string | null {
  if (!header || header.length > 16_384) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}
export const NO_STORE = 'no-store';

/**
 * What the embedded api did about the first super admin at this start: set on the portal instance
 * when the api is embedded, so the start-up summary can name the login.
 */
export const superAdminSeeds = new WeakMap<FastifyInstance, SeedResult>();

/**
 * The api in this process, on the database its configuration names. Loaded on demand: a portal
 * that proxies to a standalone api (or a test that brings its own) never loads its code.
 */
async function openEmbeddedApi(env: PortalConfig['apiEnv']) {
  const api = await import('@portal/api');
  const ctx = await api.createApiContext(api.loadApiConfig(env));
  return {
    ctx,
    plugin: api.apiPlugin,
    serverOptions: api.fastifyOptions(ctx),
    importReleaseHistory: api.importReleaseHistory,
    exclusively: ((pass) => api.underReleaseGuardLock(ctx, pass)) as Exclusively,
    figures: ((from, to) => api.healthOver(ctx.db, from, to)) as FiguresReader,
    refused: (message: string) => new api.ReleaseRefused(message),
    versionsOf: api.publishedVersionsOf,
    recordVersions: (versions: PublishedVersion[]) => api.recordPublishedVersions(ctx.db, versions),
  };
}

/** How often the embedded api's audit log takes in the release tool's new history lines. */
export const RELEASE_AUDIT_INTERVAL_MS = 60_000;

export interface PortalOptions {
  /** Registers the api routes instead of embedding `@portal/api` (e.g. a test double); ignored when API_URL is set. */
  registerApi?: (app: FastifyInstance) => Promise<void>;
  /** Fastify logger option; defaults to JSON logs at the configured level. */
  logger?: boolean | { level: string };
  repoRoot?: string;
  store?: ReleaseStore;
}

// A file name carrying a content hash of 8+ hex characters (e.g. main.53de5a3fb0.js) never changes.
const HASHED_ASSET = /\.[0-9a-f]{8,}\.(?:js|mjs|css|map|woff2?|png|svg|jpe?g|gif|webp|ico)$/;

/**
 * The portal at one URL: the shell at `/`, remotes from the release store under `/remotes/`,
 * `/release.json`, `/employees.csv`, and the api at `/api` (in this process or proxied).
 */
export async function createPortal(config: PortalConfig, options: PortalOptions = {}): Promise<FastifyInstance> {
  const repoRoot = options.repoRoot ?? REPO_ROOT;
  // The store the configuration names (RELEASE_STORE or RELEASE_STORE_URL=s3://...), the same one
  // the release tool writes to.
  const store = options.store ?? (await openReleaseStore(config));
  // The embedded api is opened first: its database must be ready before the port opens, and it
  // says which server options its routes expect.
  const embedded = !config.apiUrl && !options.registerApi ? await openEmbeddedApi(config.apiEnv) : null;
  const app = Fastify({
    genReqId: () => randomUUID(),
    // The api's time limits and refusals below the framework, whether it is embedded or proxied:
    // clients reach it through this server (docs/api.md, "Time limits").
    ...httpServerOptions(),
    ...(embedded?.serverOptions ?? {}),
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: trustedProxies(config.trustProxy),
  });
  refuseTunnels(app.server);
  // Takes the release history into the audit log at once (a change made in the release console).
  let auditReleasesNow = async () => {};
  // Tells the embedded api the versions a manifest names, when they are not what it was told last.
  let versionsInForce = async (_manifest: ReleaseManifest | null) => {};
  if (embedded) {
    const { ctx } = embedded;
    superAdminSeeds.set(app, ctx.seed);
    // The api stores the telemetry of the versions release.json names only (docs/decisions/0029). It
    // is told them at start, whenever this server reads a manifest naming others (the release tool
    // changed it: before any page can run a new canary, since pages read release.json first), after
    // a console action, and by every guard pass (a manifest served from elsewhere, e.g. a bucket).
    let told: string | null = null;
    const tellVersions = async (manifest: ReleaseManifest | null, always = false) => {
      const versions = embedded.versionsOf(manifest);
      const key = JSON.stringify(versions);
      if (!always && key === told) return;
      await embedded.recordVersions(versions);
      told = key;
    };
    versionsInForce = (manifest) =>
      tellVersions(manifest).catch((err: unknown) => app.log.warn({ err }, 'the versions in force were not recorded for telemetry'));
    await versionsInForce(await store.readManifest());
    // The release tool (another process) writes only to the store; its history reaches the audit
    // log from here: at start, then every minute (each line once).
    const auditReleases = async () => {
      try {
        await embedded.importReleaseHistory(ctx.db, await store.readHistory());
      } catch (err) {
        app.log.warn({ err }, 'release history not taken into the audit log');
      }
    };
    await auditReleases();
    auditReleasesNow = auditReleases;
    const timer = setInterval(() => void auditReleases(), RELEASE_AUDIT_INTERVAL_MS);
    timer.unref();
    // Guarded canaries are checked against stable every minute (RELEASE_GUARD_INTERVAL_MS), by one
    // instance at a time; `pnpm release status` reads the figures through a token in the data folder.
    const guard = startGuardLoop(
      { store, storeUrl: config.releaseStoreUrl, exclusively: embedded.exclusively, log: app.log, recordVersions: (m) => tellVersions(m, true) },
      config.releaseGuardIntervalMs,
    );
    offerFiguresToOperator(app, { dataDir: config.dataDir, figures: embedded.figures });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await guard.stop();
      await ctx.close();
    });
  }

  const storeOrigin = originOf(config.releaseStoreUrl);
  const overrides = overrideSources(config);
  const headers = securityHeaders(storeOrigin, config.publicUrl.startsWith('https:'), overrides);
  app.addHook('onRequest', async (_req, reply) => {
    // Swagger UI at /api/docs runs under the same policy (its scripts and styles are files).
    reply.headers(headers);
  });

  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });

  // ---- the api
  // The key preview links are signed with (docs/decisions/0046): the console's links and the pages' checks use it alike.
  let secret: Promise<string> | null = null;
  const previewKey = () => (secret ??= previewSecret(config.previewSecret, config.dataDir).catch((err: unknown) => {
    secret = null;
    throw err;
  }));

  if (config.apiUrl) {
    // Every method goes through to the api, which answers the ones it does not take (405 or 404).
    acceptEveryMethod(app);
    // The api's own paths, and SCIM provisioning (/scim/v2, outside /api: docs/decisions/0039).
    for (const prefix of ['/api', SCIM_BASE_PATH]) {
      await app.register(httpProxy, {
        upstream: config.apiUrl,
        prefix,
        rewritePrefix: prefix,
        httpMethods: app.supportedMethods,
        replyOptions: {
          rewriteRequestHeaders: (req, h) => ({
            ...h,
            'x-forwarded-for': [h['x-forwarded-for'], req.ip].filter(Boolean).join(', '),
            'x-forwarded-proto': req.protocol,
            'x-forwarded-host': req.host,
          }),
        },
      });
    }
  } else if (embedded) {
    // The release console's actions run here, on the store this server serves release.json from.
    const changed = async () => {
      await auditReleasesNow();
      await versionsInForce(await store.readManifest());
    };
    await app.register(embedded.plugin, { ctx: embedded.ctx, releaseConsole: releaseConsolePort(store, config.releaseStoreUrl, embedded.refused, changed, { secret: previewKey, publicUrl: config.publicUrl }) });
  } else if (options.registerApi) {
    await options.registerApi(app);
  }

  // ---- remotes from the release store: immutable, readable cross-origin
  if (store instanceof FsReleaseStore) {
    await mkdir(store.rootDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: store.rootDir,
      prefix: '/remotes/',
      decorateReply: false,
      // A build ships x.js.br and x.js.gz (build-config's PrecompressPlugin): sent as they are.
      preCompressed: true,
      cacheControl: false,
      index: false,
      dotfiles: 'deny',
      allowedPath: (pathName: string) => FsReleaseStore.isServablePath(pathName),
      setHeaders: (res) => {
        res.header('cache-control', IMMUTABLE);
        res.header('access-control-allow-origin', '*');
        res.header('cross-origin-resource-policy', 'cross-origin');
      },
    });
  } else {
    // Object storage: each file is streamed through from the bucket (the response is compressed
    // on the way out like any other).
    app.get('/remotes/*', async (req, reply) => {
      let rel: string;
      try {
        rel = decodeURIComponent((req.params as { '*': string })['*'] ?? '');
      } catch {
        return reply.callNotFound();
      }
      if (!FsReleaseStore.isServablePath(rel)) return reply.callNotFound();
      const [remote, version, ...file] = rel.split('/');
      let opened;
      try {
        opened = await store.openFile(remote as RemoteId, version!, file.join('/'));
      } catch (err) {
        req.log.error({ err, file: rel }, 'release store read failed');
        return reply
          .code(503)
          .header('cache-control', NO_STORE)
          .header('retry-after', '5')
          .type('text/plain; charset=utf-8')
          .send(`The release store (${store.location}) could not be read; try again shortly.`);
      }
      if (!opened) return reply.callNotFound();
      reply
        .header('cache-control', IMMUTABLE)
        .header('access-control-allow-origin', '*')
        .header('cross-origin-resource-policy', 'cross-origin')
        .type(opened.contentType);
      if (opened.contentLength !== undefined) reply.header('content-length', String(opened.contentLength));
      if (opened.etag) reply.header('etag', opened.etag);
      if (opened.lastModified) reply.header('last-modified', opened.lastModified.toUTCString());
      return reply.send(opened.body);
    });
  }

  // ---- preview links (docs/decisions/0046): the link's signature, its listing in release.json and
  // its build in the store are checked on every page and release.json of the browser that carries it
  const secure = config.publicUrl.startsWith('https:');
  const previewCookie = (token: string, untilMs: number) =>
    `${PREVIEW_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${Math.max(1, Math.floor((untilMs - Date.now()) / 1000))}${secure ? '; Secure' : ''}`;
  const clearPreviewCookie = `${PREVIEW_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? '; Secure' : ''}`;
  const previewOf = async (token: string, stored: ReleaseManifest | null) =>
    resolvePreview(store, stored, await previewKey(), token, new Date(), config.releaseStoreUrl);

  // ---- the release manifest: read from the store on every request and never cached, so a
  // release, promotion or rollback is what the next page load gets, without a restart
  const releaseManifest = async (stored: ReleaseManifest | null) => {
    await versionsInForce(stored);
    // A freeze that has ended is never served, though it stays in the store until the next change;
    // the list of previews is never served (a browser gets its own preview only, from its cookie).
    const { previews: _previews, ...served } = stored ? withoutEndedFreezes(stored) : emptyManifest(await readShellInfo(repoRoot));
    // Which overrides the shell accepts is this deployment's decision (the same list as its CSP).
    return { ...served, overrideOrigins: overrides } as ReleaseManifest;
  };
  app.get('/release.json', async (req, reply) => {
    const stored = await store.readManifest();
    const manifest = await releaseManifest(stored);
    reply.header('cache-control', NO_STORE).header('access-control-allow-origin', '*').type('application/json');
    const token = cookieValue(req.headers.cookie, PREVIEW_COOKIE);
    if (token) {
      const found = await previewOf(token, stored);
      if ('preview' in found) manifest.preview = found.preview;
      else reply.header('set-cookie', clearPreviewCookie);
    }
    return manifest;
  });
  // The banner's way out: the cookie goes, and the page loads what everyone gets.
  app.get(PREVIEW_LEAVE_PATH, async (_req, reply) =>
    reply.header('cache-control', NO_STORE).header('set-cookie', clearPreviewCookie).redirect('/', 303),
  );

  app.get('/employees.csv', async (_req, reply) => {
    reply
      .header('cache-control', 'public, max-age=3600')
      .header('content-disposition', 'attachment; filename="employees.csv"')
      .type('text/csv; charset=utf-8');
    return EMPLOYEES_CSV_TEMPLATE;
  });

  // ---- the shell: index.html for `/` and every client-side path, hashed assets cached for good
  const shellDir = config.shellDir;
  await app.register(fastifyStatic, {
    root: shellDir,
    serve: false,
    preCompressed: true,
    cacheControl: false,
    index: false,
    dotfiles: 'deny',
  });

  // The page names the public pages' remote files, which it preloads for an anonymous visitor
  // (index-page.ts); built per request from the release in force, like release.json.
  const pageFiles = pageFilesReader(store);
  const refusedTo = (reply: FastifyReply, reason: PreviewRefusal) =>
    reply.header('set-cookie', clearPreviewCookie).redirect(`/?${PREVIEW_REFUSED_PARAM}=${reason}`, 303);
  const sendIndex = async (req: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', NO_STORE);
    // A preview link (`/?preview=<signed link>`) becomes a cookie, so reloads keep it and the address
    // bar no longer holds it; a link refused leaves a cookie of an earlier preview behind it too.
    const query = req.query as Record<string, unknown>;
    const opened = typeof query[PREVIEW_PARAM] === 'string' ? (query[PREVIEW_PARAM] as string) : null;
    let previewing = false;
    if (opened !== null || cookieValue(req.headers.cookie, PREVIEW_COOKIE)) {
      const token = opened ?? cookieValue(req.headers.cookie, PREVIEW_COOKIE)!;
      let found: Awaited<ReturnType<typeof previewOf>> | null = null;
      try {
        found = await previewOf(token, await store.readManifest());
      } catch (err) {
        // The store unreadable a moment: the page is served; release.json decides the versions.
        req.log.warn({ err }, 'preview not checked');
      }
      if (found && 'refused' in found) return refusedTo(reply, found.refused);
      if (found && opened !== null) return reply.header('set-cookie', previewCookie(token, Date.parse(found.preview.until))).redirect('/', 303);
      previewing = true;
    }
    let html: string;
    try {
      html = await readFile(path.join(shellDir, 'index.html'), 'utf8');
    } catch {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send(`The portal shell is not built (${shellDir}/index.html is missing). Run: pnpm build`);
    }
    try {
      const manifest = await releaseManifest(await store.readManifest());
      // The contracts the served shell was built with (it picks the builds it can run by them).
      const built = await readFile(path.join(shellDir, 'build-info.json'), 'utf8').then((t) => (JSON.parse(t) as { contractsVersion?: string }).contractsVersion, () => undefined);
      // A preview may pin the preloaded pages' remote to another build: such a page gets no links.
      const withLinks = previewing ? html : withPreloads(html, await pageFiles(manifest, built ?? manifest.shell.contractsVersion));
      // The page's one inline script is allowed by its hash, on this answer only.
      if (withLinks !== html) reply.header('content-security-policy', contentSecurityPolicy(storeOrigin, overrides, [PRELOAD_SCRIPT_SOURCE]));
      html = withLinks;
    } catch (err) {
      // The page works without its preloads (the shell reports an unreadable release itself).
      req.log.warn({ err }, 'index.html served without preloads');
    }
    return reply.type('text/html; charset=utf-8').send(html);
  };

  const serveShell = async (req: FastifyRequest, reply: FastifyReply) => {
    let urlPath: string;
    try {
      urlPath = decodeURIComponent((req.url.split('?')[0] ?? '/').replace(/\/+$/, '')) || '/';
    } catch {
      return reply.code(400).type('text/plain; charset=utf-8').send('Bad request');
    }
    if (urlPath === '/' || urlPath === '/index.html') return sendIndex(req, reply);
    if (urlPath.startsWith('/api/') || urlPath === '/api' || urlPath.startsWith('/remotes/') || urlPath.startsWith('/scim/')) return reply.callNotFound();
    const rel = path.posix.normalize(urlPath).replace(/^\/+/, '');
    const segments = rel.split('/');
    if (!rel.startsWith('..') && !segments.some((s) => s.startsWith('.'))) {
      const file = path.join(shellDir, rel);
      if (file.startsWith(shellDir + path.sep) && (await isFile(file))) {
        reply.header('cache-control', HASHED_ASSET.test(rel) ? IMMUTABLE : 'public, max-age=300');
        return reply.sendFile(rel, shellDir);
      }
    }
    // A path that names a file (has an extension) and does not exist is a real 404; anything else
    // is a client-side route.
    if (/\.[A-Za-z0-9]{1,8}$/.test(segments[segments.length - 1] ?? '')) {
      reply.header('cache-control', NO_STORE);
      return reply.callNotFound();
    }
    return sendIndex(req, reply);
  };
  app.get('/', serveShell);
  app.get('/*', serveShell);

  return app;
}
