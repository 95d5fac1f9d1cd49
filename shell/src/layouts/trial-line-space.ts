import { STORAGE_KEYS } from '@portal/shared-contracts/constants';

/**
 * The place the trial's line took under the employer header when it was last drawn in this browser,
 * and for which company. The line knows whether to say anything only once the company's billing has
 * been read, after the page is drawn; the layout, and before it the frame drawn from the address
 * (`routes/early-frame.tsx`), keep that height for it so the page is drawn where it stays.
 */
const KEY = 'portal.trialLine';

interface Space {
  company: string;
  height: number;
}

function read(): Space | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    if (!parsed || typeof parsed !== 'object') return null;
    const { company, height } = parsed as Partial<Space>;
    return typeof company === 'string' && typeof height === 'number' && height > 0 ? { company, height } : null;
  } catch {
    return null;
  }
}

/** The height kept for `company`'s trial line; 0 when none is kept for it. */
export function trialLineSpace(company: string): number {
  const space = read();
  return space && space.company === company ? space.height : 0;
}

/** Keeps the height `company`'s trial line was drawn at; 0 forgets it (the line has gone). */
export function keepTrialLineSpace(company: string, height: number): void {
  try {
    if (height > 0) localStorage.setItem(KEY, JSON.stringify({ company, height }));
    else if (read()?.company === company) localStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode, quota): the next visit keeps no place.
  }
}

/**
 * The height to keep before the session is restored: the one kept for the stored session's company,
 * or, when this tab has no stored session yet (a browser-long sign-in restored from its cookie), for
 * the company whose line this browser drew last.
 */
export function trialLineSpaceBeforeRestore(): number {
  const stored = (s: () => Storage): string | null => {
    try {
      return s().getItem(STORAGE_KEYS.employerId);
    } catch {
      return null;
    }
  };
  const company = stored(() => localStorage) ?? stored(() => sessionStorage);
  return company ? trialLineSpace(company) : (read()?.height ?? 0);
}
