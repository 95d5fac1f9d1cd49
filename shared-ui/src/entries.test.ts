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
