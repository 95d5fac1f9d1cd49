import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as dataDisplay from './data-display';
import * as form from './form';
import * as root from './index';
import * as overlays from './overlays';

// Each entry is a shared module of its own (build-config's SHARED_SINGLETONS): a component exported
// by two entries would be loaded twice, and one the root has but no entry would force the whole root.
describe('shared-ui entry points', () => {
  const entries = { form, overlays, dataDisplay };

  it('together export exactly what the root exports', () => {
    const fromEntries = Object.values(entries).flatMap((e) => Object.keys(e));
    expect(fromEntries.sort()).toEqual(Object.keys(root).sort());
  });

  it('export each component from one entry only', () => {
    const seen = new Map<string, string>();
    for (const [entry, exports] of Object.entries(entries)) {
      for (const name of Object.keys(exports)) {
        expect(seen.get(name), `${name} in ${entry}`).toBeUndefined();
        seen.set(name, entry);
      }
    }
  });

  it('keeps the overlays and the data display out of the form controls', () => {
    expect(Object.keys(form)).toEqual(expect.arrayContaining(['Button', 'TextField', 'PasswordField', 'Checkbox', 'BrandMark']));
    for (const name of ['Modal', 'DropdownMenu', 'Popover', 'Table', 'Tabs', 'PagedList']) expect(form).not.toHaveProperty(name);
  });
});

// The contracts' root re-exports every entry, the table of every endpoint among them: a component or
// hook importing it would make each page that renders it load the whole contract.
describe("shared-ui's imports of the contracts", () => {
  const src = path.dirname(new URL(import.meta.url).pathname);
  const sources = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));

  it('name an entry (@portal/shared-contracts/<entry>), never the root', () => {
    expect(sources.length).toBeGreaterThan(20);
    const rootImports = sources.filter((f) => /from '@portal\/shared-contracts'/.test(readFileSync(path.join(src, f), 'utf8')));
    expect(rootImports).toEqual([]);
  });
});
