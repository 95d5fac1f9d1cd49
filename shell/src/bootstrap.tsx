import './zod-jitless';
import '@portal/shared-ui/tokens.css';
import { version as reactVersion } from 'react';
import { createRoot } from 'react-dom/client';
import { loadRemote, preloadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { createToastStore } from '@portal/shared-ui/toast-store';
import { SHELL_START_MESSAGES as MESSAGES } from '@portal/shared-contracts/messages/shell-start';
import type { RemoteId } from '@portal/shared-contracts/remotes';
import type { ResolvedRemote } from '@portal/shared-contracts/release';
import type { Session } from '@portal/shared-contracts/platform';
import { SHELL_CONTRACTS_VERSION, SHELL_REACT_REFRESH, SHELL_VERSION } from './build-info';
import { createQueries, sharedQueriesLoaded } from './queries/queries';
import { chooseVersions, namesAddedRemotes } from './release/choose-version';
import { loadReleaseManifest } from './release/load-release';
import { overridesInPlay } from './release/override-request';
import prefetchWarmingPlugin from './remotes/prefetch-runtime-plugin';
import { remoteOfModule } from './remotes/added-remotes';
import { loadedBuilds, RemoteLoadError, RemoteRegistry, RemoteUnavailableError } from './remotes/remote-registry';
import { warmUnavailablePanel } from './remotes/remote-slot';
import { warmApiClient, warmApiClientOnFirstUse } from './api/api-client';
import { warmSessionContracts } from './session/warm-session-contracts';
import { warmRestoreContracts } from './session/session-endpoints';
import { whenPageSettled } from './platform/when-settled';
import { createStore } from './session/portal-store';
import { deviceId, hasBrowserSession, readStoredSession, sendSessionCheck, sessionAtom } from './session/session-store';
import { parsePath } from './routes/shell-location';
import { preloadRouter, publicRouteAt } from './routes/shell-routes';
import { ShellApp } from './shell-app';
import { configureTelemetry, timeRemoteLoad } from './telemetry/hub';
import { startTelemetryWhenIdle } from './telemetry/start';

interface PortalDiagnostics {
  shellVersion: string;
  contractsVersion: string;
  react: string;
  remotes: Partial<Record<RemoteId, ResolvedRemote>>;
  warnings: string[];
  /** The build each loaded remote container says it is (stamped at build time). */
  builds(): Record<string, string>;
  /**
   * The loaded copies of each shared singleton, as `provider@version` (for the "one React on the
   * page" check): more than one entry for a name means two copies are running.
   */
  singletons(): Record<string, string[]>;
}

interface ShareEntry {
  from?: string;
  loaded?: boolean;
}

function loadedSingletons(): Record<string, string[]> {
  const share = (globalThis as { __FEDERATION__?: { __SHARE__?: Record<string, Record<string, Record<string, Record<string, ShareEntry>>>> } })
    .__FEDERATION__?.__SHARE__;
  const out: Record<string, Set<string>> = {};
  for (const scopes of Object.values(share ?? {}))
    for (const pkgs of Object.values(scopes))
      for (const [name, versions] of Object.entries(pkgs))
        for (const [version, entry] of Object.entries(versions))
          if (entry.loaded) (out[name] ??= new Set()).add(`${entry.from ?? '?'}@${version}`);
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, [...v]]));
}

declare global {
  interface Window {
    __PORTAL_DIAGNOSTICS__?: PortalDiagnostics;
  }
}

/** The session this tab stored, else the browser-long one the server still holds (null for a visitor). */
async function startingSession(framed: Promise<unknown>): Promise<{ session: Session; confirmed: boolean } | null> {
  const stored = await readStoredSession();
  if (stored) return { session: stored.session, confirmed: false };
  // The restore (with the employer lookups) is fetched only when there is a browser-long session.
  if (!hasBrowserSession()) return null;
  // The session check leaves now (docs/decisions/0072); the restore's code and its schema once the
  // page's frame is on screen (docs/decisions/0077).
  const sent = sendSessionCheck();
  await framed;
  warmRestoreContracts();
  const { restoreBrowserSession, sessionCheckClient } = await import('./session/restore-session');
  const restored = await restoreBrowserSession(sessionCheckClient(sent));
  return restored ? { session: restored, confirmed: true } : null;
}

async function boot() {
  // Any page but a public one is drawn by the router and starts with a call: both fetched alongside
  // the release, not after it. A public page's first call is the visitor's (a sign-in, say).
  const pathname = parsePath(window.location.hash.slice(1)).pathname;
  const overrides = overridesInPlay(window.location.search, localStorage);
  const releaseLoad = loadReleaseManifest();
  const queries = createQueries({ needed: sharedQueriesLoaded });
  // Warming a tab's remote fetches without rel=preload, so an unvisited tab leaves no console warning.
  registerPlugins([prefetchWarmingPlugin()]);
  let framed: Promise<unknown> = Promise.resolve();
  if (!publicRouteAt(pathname)) {
    // A signed-in page's frame goes on screen first, with nothing but release.json and the session
    // check in flight; then the router, the page's own module (docs/decisions/0067) and the rest are
    // fetched while the session is checked (docs/decisions/0077).
    const early = overrides ? null : import('./routes/early-page');
    framed = early?.then((m) => m.paintFrameFirst(pathname)).catch(() => {}) ?? framed;
    void framed.then(() => {
      void preloadRouter();
      void early?.then((m) => m.warmPageAt({ registerRemotes, loadRemote }, releaseLoad, pathname, queries)).catch(() => {});
      warmApiClient();
    });
  } else warmApiClientOnFirstUse();
  // The development overrides' code, fetched alongside the release only when overrides are in play.
  const [manifest, stored, overrideCode] = await Promise.all([
    releaseLoad,
    startingSession(framed),
    overrides ? import('./release/override-start') : null,
  ]);
  const store = createStore();
  store.set(sessionAtom, stored?.session ?? null);
  // A remote released after this shell was built: its descriptor's check is fetched only then.
  const checked = manifest && namesAddedRemotes(manifest) ? (await import('./release/check-added')).checkAddedRemotes(manifest) : null;
  for (const w of checked?.warnings ?? []) console.warn(w);
  const release = checked?.manifest ?? manifest;

  const audienceOf = (userId: string | undefined, companyId: string | null | undefined) => ({
    key: userId ?? deviceId(),
    companyId: companyId ?? null,
  });
  const dev = overrideCode?.startOverrides(manifest?.overrideOrigins ?? []);
  const choose = (userId: string | undefined, companyId: string | null | undefined) => {
    const base = release
      ? chooseVersions(release, audienceOf(userId, companyId), SHELL_CONTRACTS_VERSION, Date.now(), !!checked)
      : { resolved: {}, fallbacks: {}, warnings: [] };
    const o = dev ? dev.apply(base.resolved) : { resolved: base.resolved, applied: [], refused: [], warnings: [] };
    const fallbacks = { ...base.fallbacks };
    for (const id of o.applied) delete fallbacks[id];
    return { resolved: o.resolved, fallbacks, warnings: [...base.warnings, ...o.warnings], applied: o.applied, refused: o.refused };
  };
  const first = choose(stored?.session.userId, stored?.session.employerId);
  // The portal server sends a browser whose preview link it refused to `/?preview-refused=<reason>`:
  // the banner says why; the address bar is cleaned so a reload does not say it again.
  const query = new URLSearchParams(window.location.search);
  const previewRefused = query.get('preview-refused');
  if (previewRefused !== null) {
    query.delete('preview-refused');
    const rest = query.toString();
    history.replaceState(history.state, '', `${window.location.pathname}${rest ? `?${rest}` : ''}${window.location.hash}`);
  }
  const preview = manifest?.preview;
  for (const w of first.warnings) console.warn(w);
  dev?.report(first.refused);

  const registry = new RemoteRegistry(
    {
      registerRemotes,
      loadRemote: (id) => timeRemoteLoad(remoteOfModule(id), () => loadRemote(id)),
      preloadRemote: (o) => preloadRemote(o),
    },
    first.resolved,
    first.fallbacks,
  );

  // Release telemetry: each event carries the version in force (a canary's fallback changes it).
  configureTelemetry(() => registry.versions());

  const warnings = [...first.warnings];
  window.__PORTAL_DIAGNOSTICS__ = {
    shellVersion: SHELL_VERSION,
    contractsVersion: SHELL_CONTRACTS_VERSION,
    react: reactVersion,
    get remotes() {
      return registry.versions();
    },
    warnings,
    builds: loadedBuilds,
    singletons: loadedSingletons,
  };

  // An overridden remote's development server announces its updates (a development build of the shell refreshes in place).
  if (first.applied.length && !SHELL_REACT_REFRESH) dev?.reloadOnUpdates(registry);

  // Menus, popovers and modals belong to the signed-in pages: their code (Radix and floating-ui, about
  // 33 KB gzip in six files) is fetched once the page has settled with someone signed in, never on
  // the login page's path. Not at the first idle moment: that comes while the signed-in page is still
  // being fetched and drawn (docs/decisions/0060). A first opening before then fetches it at once.
  const warmOverlays = () => {
    whenPageSettled(() => void import('@portal/shared-ui/overlays').then((m) => m.preloadOverlays()).catch(() => {}));
  };
  if (stored) {
    warmOverlays();
    queries.warm();
    // A new tab's restore has just read the company: the first page finds it in the cache.
    if (stored.confirmed && stored.session.companyDetails) queries.seedCompany(stored.session.companyDetails);
  }

  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root, {
    // Remote slots log their own load failures (an unreleased remote only as a warning: it is a
    // release decision, not a fault); anything else a boundary catches is reported here.
    onCaughtError(error, info) {
      if (error instanceof RemoteUnavailableError || error instanceof RemoteLoadError) return;
      console.error(error, info.componentStack);
    },
  }).render(
    <ShellApp
      services={{
        store,
        registry,
        queries,
        // The page's toasts are kept by the shell, so that one raised before the toaster that shows it
        // has been fetched is shown, for its whole time, once it has (the store is plain code, not shared).
        toasts: createToastStore(),
        shellVersion: SHELL_VERSION,
        contractsVersion: SHELL_CONTRACTS_VERSION,
        sessionConfirmed: stored?.confirmed ?? false,
        onSignedIn: (session) => {
          void preloadRouter();
          warmOverlays();
          queries.warm();
          const next = choose(session.userId, session.employerId);
          registry.reassign(next.resolved, next.fallbacks);
        },
        overrides: first.applied.map((id) => ({ remote: id, entry: first.resolved[id]?.entry ?? '' })),
        refusedOverrides: [...first.refused, ...(dev?.refusedFromLink ?? [])],
        resetOverrides: dev?.reset,
        pendingOverrides: dev?.pending ?? [],
        confirmOverrides: dev?.confirm,
        preview: preview && first.resolved[preview.remote]?.reason === 'preview' ? { remote: preview.remote, version: preview.build.version, until: preview.until } : null,
        previewRefused,
      }}
    />,
  );
  startTelemetryWhenIdle();
  warmUnavailablePanel();
  warmSessionContracts();
}

boot().catch((error: unknown) => {
  console.error('The portal failed to start', error);
  const root = document.getElementById('root');
  if (root && !root.hasChildNodes()) {
    root.innerHTML =
      '<main style="font-family:system-ui,sans-serif;max-width:32rem;margin:15vh auto;padding:0 1.5rem;text-align:center">' +
      `<h1 style="font-size:1.4rem">${MESSAGES.shell.startFailed}</h1>` +
      `<p>${MESSAGES.shell.startFailedHint} <a href="">${MESSAGES.shell.reloadPage}</a>.</p></main>`;
  }
});
