import { useEffect, useState } from 'react';

/**
 * The flag of a country as an image (a data URL), from `country-flag-icons`' SVG files, which show on
 * every machine (flag emoji need an emoji font, which many Linux desktops lack). Each flag is a
 * chunk of its own, loaded when that country is shown, instead of all 260 in the form's code (the
 * weights: docs/decisions/0038). The package's "exports" name only its JS modules, so its SVG folder is
 * reached through the package link in this package's node_modules. Null while loading, or when the
 * package has no flag for the code.
 */
export function useFlag(alpha2: string | null | undefined): string | null {
  const code = /^[A-Z]{2}$/.test(alpha2 ?? '') ? alpha2! : null;
  const [flag, setFlag] = useState<{ code: string; url: string } | null>(null);
  useEffect(() => {
    if (!code) return;
    let current = true;
    import(`../../../node_modules/country-flag-icons/3x2/${code}.svg`).then(
      (m: { default: string }) => {
        if (current) setFlag({ code, url: m.default });
      },
      () => {
        /* no flag for this code: the name and calling code still say which country it is */
      },
    );
    return () => {
      current = false;
    };
  }, [code]);
  return flag && flag.code === code ? flag.url : null;
}
