import { createHash } from 'node:crypto';
import type { RemoteId, ReleaseManifest } from '@portal/shared-contracts';
import { contractsMajor, ROUTES } from '@portal/shared-contracts';
import type { ReleaseStore } from './release/store';

/**
 * The public pages whose remote files the served page starts fetching while the shell's own scripts
 * download, instead of after the shell has started, read the release and loaded the remote's
 * manifest, then its container (three round trips on the login page's path). Hash routes: the
 * server does not see which one a visitor opens, so a small script in the page decides.
 */
export const PRELOADED_PAGES: Readonly<Record<string, { remote: RemoteId; module: string }>> = {
  [ROUTES.login]: { remote: 'mfe-auth', module: 'LoginPage' },
  [ROUTES.signup]: { remote: 'mfe-auth', module: 'SignupPage' },
  [ROUTES.forgotPassword]: { remote: 'mfe-auth', module: 'ForgotPasswordPage' },
  [ROUTES.resetPassword]: { remote: 'mfe-auth', module: 'ResetPasswordPage' },
};

/** The files of one page: its remote's manifest (fetched), container and chunks (scripts), stylesheets. */
export interface PageFiles {
  manifest: string;
  scripts: string[];
  styles: string[];
}

/**
 * Run by the page before the shell: when the hash names one of the pages above and the visitor is
 * anonymous (no session in either storage, no browser-long sign-in marker, no remote override), it
 * adds `rel=preload` links for that page's files. A signed-in visitor is sent elsewhere from the login
 * page and an override loads another build, so neither gets links: the browser warns of a preload
 * the page does not use. The keys are the shell's (STORAGE_KEYS.userId, its browser-session cookie
 * and override key; deploy's index-page test reads them from the shell's sources).
 */
export const PRELOAD_SCRIPT =
  '(function(){try{var d=document.getElementById("portal-preload");if(!d)return;' +
  'var p=JSON.parse(d.textContent)[location.hash.replace(/^#/,"").split("?")[0]||"/"];' +
  'if(!p||localStorage.getItem("userId")!==null||sessionStorage.getItem("userId")!==null||' +
  'localStorage.getItem("portal.remoteOverrides")!==null||/(^|;\\s*)portal_browser_session=1(;|$)/.test(document.cookie)||' +
  '/[?&]override/.test(location.search))return;' +
  'function l(h,a,c){var e=document.createElement("link");e.rel="preload";e.as=a;e.href=h;e.fetchPriority="low";if(c)e.crossOrigin="anonymous";document.head.appendChild(e)}' +
  'l(p.manifest,"fetch",1);p.scripts.forEach(function(h){l(h,"script")});p.styles.forEach(function(h){l(h,"style")})' +
  '}catch(e){}})()';

/** The CSP source that allows exactly PRELOAD_SCRIPT and no other inline script. */
export const PRELOAD_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(PRELOAD_SCRIPT).digest('base64')}'`;

interface MfManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { name: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
}

async function readText(store: ReleaseStore, remote: RemoteId, version: string, file: string): Promise<string | null> {
  const opened = await store.openFile(remote, version, file);
  if (!opened) return null;
  const parts: Buffer[] = [];
  for await (const part of opened.body) parts.push(typeof part === 'string' ? Buffer.from(part) : (part as Buffer));
  return Buffer.concat(parts).toString('utf8');
}

/**
 * The files of each page of PRELOADED_PAGES for an anonymous visitor under this release: its remote's
 * stable build, when every visitor gets it (no canary with a share: a visitor's share is decided in
 * the browser) and the shell can run it (same contracts major; otherwise the shell picks an earlier
 * build). A page left out gets no links. Builds are immutable, so a build's files are read once.
 */
export function pageFilesReader(store: ReleaseStore) {
  const byBuild = new Map<string, Promise<MfManifest | null>>();
  const manifestOf = (remote: RemoteId, version: string) => {
    const key = `${remote}@${version}`;
    let pending = byBuild.get(key);
    if (!pending) {
      pending = readText(store, remote, version, 'mf-manifest.json').then(
        (text) => (text ? (JSON.parse(text) as MfManifest) : null),
        () => null,
      );
      byBuild.set(key, pending);
      // A failed read (the store unreachable a moment) is tried again on the next page.
      void pending.then((m) => m ?? byBuild.delete(key));
    }
    return pending;
  };

  return async (release: ReleaseManifest, shellContractsVersion: string): Promise<Record<string, PageFiles>> => {
    const out: Record<string, PageFiles> = {};
    for (const [route, page] of Object.entries(PRELOADED_PAGES)) {
      const remote = release.remotes[page.remote];
      if (!remote || (remote.canary && remote.canary.percent > 0)) continue;
      const stable = remote.stable;
      if (contractsMajor(stable.contractsVersion) !== contractsMajor(shellContractsVersion)) continue;
      const mf = await manifestOf(page.remote, stable.version);
      const assets = mf?.exposes?.find((e) => e.name === page.module)?.assets;
      const entry = mf?.metaData?.remoteEntry;
      if (!assets || !entry?.name) continue;
      const base = stable.entry.slice(0, stable.entry.lastIndexOf('/') + 1);
      const at = (file: string) => base + file;
      out[route] = {
        manifest: stable.entry,
        scripts: [at(`${entry.path ? `${entry.path.replace(/\/$/, '')}/` : ''}${entry.name}`), ...(assets.js?.sync ?? []).map(at)],
        styles: (assets.css?.sync ?? []).map(at),
      };
    }
    return out;
  };
}

/** JSON that cannot end the script element it is written into. */
const inScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * index.html with the pages' files and the script that preloads them, at the end of its head (the
 * head has no stylesheet, which would hold the script back until it loaded).
 */
export function withPreloads(html: string, pages: Record<string, PageFiles>): string {
  const at = html.search(/<\/head>/i);
  if (Object.keys(pages).length === 0 || at < 0) return html;
  const tags = `<script type="application/json" id="portal-preload">${inScript(pages)}</script><script>${PRELOAD_SCRIPT}</script>`;
  return html.slice(0, at) + tags + html.slice(at);
}
