import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ROUTES, STORAGE_KEYS, type ReleaseManifest, type RemoteRelease } from '@portal/shared-contracts';
import { describe, expect, it } from 'vitest';
import { pageFilesReader, PRELOAD_SCRIPT, PRELOAD_SCRIPT_SOURCE, withPreloads, type PageFiles } from './index-page';
import { REPO_ROOT } from './paths';
import type { ReleaseStore } from './release/store';

const STABLE = '1.0.0-abc12345';
const ENTRY = `/remotes/mfe-auth/${STABLE}/mf-manifest.json`;
const MF_MANIFEST = {
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    { name: 'LoginPage', assets: { js: { sync: ['__federation_expose_LoginPage.0123456789.js'], async: [] }, css: { sync: ['__federation_expose_LoginPage.abcdef0123.css'], async: [] } } },
    { name: 'SignupPage', assets: { js: { sync: ['__federation_expose_SignupPage.0123456789.js'], async: [] }, css: { sync: [], async: [] } } },
  ],
};

/** A store holding one build of mfe-auth; counts how often its manifest is read. */
function storeWith(files: Record<string, string>) {
  const reads: string[] = [];
  const store = {
    async openFile(remote: string, version: string, file: string) {
      const key = `${remote}/${version}/${file}`;
      reads.push(key);
      const text = files[key];
      return text === undefined ? null : { body: Readable.from([Buffer.from(text)]), contentType: 'application/json' };
    },
  } as unknown as ReleaseStore;
  return { store, reads };
}

function release(auth: Partial<RemoteRelease> = {}): ReleaseManifest {
  return {
    schemaVersion: 1,
    shell: { version: '2.0.0', contractsVersion: '1.2.0' },
    overrideOrigins: [],
    remotes: {
      'mfe-auth': {
        stable: { version: STABLE, entry: ENTRY, contractsVersion: '1.2.0' },
        canary: null,
        previous: [],
        updatedAt: '2026-11-25T12:00:00.000Z',
        ...auth,
      },
    },
  };
}

const canary = (percent: number, companies: string[] = []) => ({
  version: '1.1.0-def67890',
  entry: '/remotes/mfe-auth/1.1.0-def67890/mf-manifest.json',
  contractsVersion: '1.2.0',
  percent,
  companies,
});

describe("the served page's preloads for the public pages", () => {
  const files = { [`mfe-auth/${STABLE}/mf-manifest.json`]: JSON.stringify(MF_MANIFEST) };

  it("names the login page's manifest, container, chunk and stylesheet from the stable build", async () => {
    const { store, reads } = storeWith(files);
    const read = pageFilesReader(store);
    const pages = await read(release(), '1.4.0');
    const base = `/remotes/mfe-auth/${STABLE}/`;
    expect(pages[ROUTES.login]).toEqual({
      manifest: ENTRY,
      scripts: [`${base}remoteEntry.js`, `${base}__federation_expose_LoginPage.0123456789.js`],
      styles: [`${base}__federation_expose_LoginPage.abcdef0123.css`],
    });
    expect(pages[ROUTES.signup]?.styles).toEqual([]);
    // An exposed module the build does not have gets no links.
    expect(pages[ROUTES.forgotPassword]).toBeUndefined();
    // A build is immutable: its manifest is read once.
    await read(release(), '1.4.0');
    expect(reads).toHaveLength(1);
  });

  it('names nothing a visitor might not load: a canary with a share, a build the shell cannot run, no build', async () => {
    const read = pageFilesReader(storeWith(files).store);
    expect(await read(release({ canary: canary(10) }), '1.2.0')).toEqual({});
    expect(await read(release(), '2.0.0')).toEqual({});
    expect(await read(release({ stable: { version: '1.0.1-0000aaaa', entry: '/remotes/mfe-auth/1.0.1-0000aaaa/mf-manifest.json', contractsVersion: '1.2.0' } }), '1.2.0')).toEqual({});
    // Share 0 (an aborted canary) or a canary for named companies only: a visitor gets stable.
    expect(Object.keys(await read(release({ canary: canary(0, ['c1']) }), '1.2.0'))).toContain(ROUTES.login);
  });

  it('writes the files and the script at the end of the head, as JSON that cannot close its element', () => {
    const html = '<!doctype html><html><head><title>Portal</title><script defer src="/main.js"></script></head><body></body></html>';
    const page: PageFiles = { manifest: '/m.json', scripts: ['/a</script>.js'], styles: [] };
    const out = withPreloads(html, { '/': page });
    expect(out).toMatch(/<script defer src="\/main.js"><\/script><script type="application\/json" id="portal-preload">[^<]*<\/script><script>[^<]*<\/script><\/head>/);
    expect(out).toContain(`<script>${PRELOAD_SCRIPT}</script>`);
    expect(out).toContain('"/a\\u003c/script>.js"');
    expect(withPreloads(html, {})).toBe(html);
    expect(PRELOAD_SCRIPT_SOURCE).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
  });
});

/** Runs the page's script against a fake document; returns the links it added. */
function runScript(o: { hash: string; search?: string; local?: Record<string, string>; session?: Record<string, string>; cookie?: string }) {
  const pages = { [ROUTES.login]: { manifest: '/m/mf-manifest.json', scripts: ['/m/remoteEntry.js', '/m/login.js'], styles: ['/m/login.css'] } };
  const added: Record<string, unknown>[] = [];
  const storage = (values: Record<string, string> = {}) => ({ getItem: (k: string) => values[k] ?? null });
  const document = {
    cookie: o.cookie ?? '',
    getElementById: (id: string) => (id === 'portal-preload' ? { textContent: JSON.stringify(pages) } : null),
    createElement: () => ({}),
    head: { appendChild: (el: Record<string, unknown>) => added.push({ ...el }) },
  };
  new Function('document', 'location', 'localStorage', 'sessionStorage', PRELOAD_SCRIPT)(
    document,
    { hash: o.hash, search: o.search ?? '' },
    storage(o.local),
    storage(o.session),
  );
  return added;
}

describe("the page's preload script", () => {
  it("preloads the login page's files for an anonymous visitor of the login route", () => {
    for (const hash of ['', '#/', '#/?from=logout']) {
      expect(runScript({ hash }), hash).toEqual([
        { rel: 'preload', as: 'fetch', href: '/m/mf-manifest.json', crossOrigin: 'anonymous', fetchPriority: 'low' },
        { rel: 'preload', as: 'script', href: '/m/remoteEntry.js', fetchPriority: 'low' },
        { rel: 'preload', as: 'script', href: '/m/login.js', fetchPriority: 'low' },
        { rel: 'preload', as: 'style', href: '/m/login.css', fetchPriority: 'low' },
      ]);
    }
  });

  it('preloads nothing for a page it has no files for, a signed-in visitor, or an override', () => {
    expect(runScript({ hash: '#/mainPage' })).toEqual([]);
    expect(runScript({ hash: '#/', local: { [STORAGE_KEYS.userId]: 'u1' } })).toEqual([]);
    expect(runScript({ hash: '#/', session: { [STORAGE_KEYS.userId]: 'u1' } })).toEqual([]);
    expect(runScript({ hash: '#/', cookie: 'a=b; portal_browser_session=1' })).toEqual([]);
    expect(runScript({ hash: '#/', local: { 'portal.remoteOverrides': '{}' } })).toEqual([]);
    expect(runScript({ hash: '#/', search: '?override=mfe-auth@http://localhost:3001/mf-manifest.json' })).toEqual([]);
  });

  it("reads the shell's own names for a session and an override", () => {
    const shell = (file: string) => readFileSync(path.join(REPO_ROOT, 'shell', 'src', file), 'utf8');
    expect(STORAGE_KEYS.userId).toBe('userId');
    expect(shell('session/session-store.ts')).toContain("BROWSER_SESSION_COOKIE = 'portal_browser_session'");
    expect(shell('release/override-request.ts')).toContain("OVERRIDES_KEY = 'portal.remoteOverrides'");
    expect(shell('release/override-request.ts')).toContain("'override'");
  });
});
