import { render, screen } from '@testing-library/react';
import { readdirSync, readFileSync } from 'node:fs';
import { Suspense } from 'react';
import path from 'node:path';
import * as dataDisplay from './data-display';
import * as form from './form';
import * as formExtras from './form-extras';
import * as root from './index';
import * as overlays from './overlays';

// Each entry is a shared module of its own (build-config's SHARED_SINGLETONS): a component exported
// by two entries would be loaded twice, and one the root has but no entry would force the whole root.
describe('shared-ui entry points', () => {
  const entries = { form, formExtras, overlays, dataDisplay };
  // Moved from `./form` to `./form-extras`: `./form` keeps a stand-in of each for the remotes built
  // before the move, which take `./form` from the shell (docs/decisions/0025).
  const movedFromForm = ['FormErrorList', 'Select', 'Textarea'];
  const ownExports = (entry: string, e: object) => Object.keys(e).filter((n) => entry !== 'form' || !movedFromForm.includes(n));

  it('together export exactly what the root exports', () => {
    const fromEntries = Object.entries(entries).flatMap(([entry, e]) => ownExports(entry, e));
    expect(fromEntries.sort()).toEqual(Object.keys(root).sort());
    for (const name of movedFromForm) expect(root[name as keyof typeof root], name).toBe(formExtras[name as keyof typeof formExtras]);
  });

  it('export each component from one entry only', () => {
    const seen = new Map<string, string>();
    for (const [entry, exports] of Object.entries(entries)) {
      for (const name of ownExports(entry, exports)) {
        expect(seen.get(name), `${name} in ${entry}`).toBeUndefined();
        seen.set(name, entry);
      }
    }
  });

  it('keeps the overlays and the data display out of the form controls', () => {
    expect(Object.keys(form)).toEqual(expect.arrayContaining(['Button', 'TextField', 'PasswordField', 'Checkbox', 'BrandMark']));
    for (const name of ['Modal', 'DropdownMenu', 'Popover', 'Table', 'Tabs', 'PagedList', 'SearchBox', 'useDebouncedValue']) expect(form).not.toHaveProperty(name);
  });

  it("keeps in the form controls a stand-in for each control that moved, which renders the control", async () => {
    expect(Object.keys(form)).toEqual(expect.arrayContaining(movedFromForm));
    for (const name of movedFromForm) expect(form[name as keyof typeof form]).not.toBe(formExtras[name as keyof typeof formExtras]);
    const { Select, Textarea, FormErrorList } = form;
    render(
      <Suspense fallback={null}>
        <Select label="Country" options={[{ value: 'gb', label: 'United Kingdom' }]} />
        <Textarea label="Reason" />
        <FormErrorList messages={['Enter a reason.']} />
      </Suspense>,
    );
    expect(await screen.findByRole('combobox', { name: 'Country' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Reason' })).toBeInTheDocument();
    expect(screen.getByText('Enter a reason.')).toBeInTheDocument();
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
