/**
 * The shell's texts that its start-up shows or may show before any page is drawn: a failed start, an
 * ended session, the 404 page's title, the product's name, the generic failure of a call, and the
 * page titles that are also an area's labels. The login page runs them; the rest of the shell's texts
 * (its layouts, help, development overrides, the api's common answers) are in `shell.ts`, which the
 * signed-in pages load (docs/decisions/0026-login-path-without-zod.md). Each string is defined once,
 * here, and `SHELL_MESSAGES` (shell.ts) holds it at the same place.
 */
export const SHELL_START_MESSAGES = {
  session: {
    unauthorized: 'Your session has ended. Please log in again.',
  },
  notFound: {
    text: 'Page not found',
  },
  shell: {
    startFailed: 'The portal could not start.',
    startFailedHint: 'Please check your connection and',
    reloadPage: 'reload the page',
  },
  common: {
    unknownError: 'An unknown error occurred.',
  },
  /** The product's name (the spec names none; operator names are left out on purpose). */
  product: {
    name: 'Commute Portal',
  },
} as const;

/**
 * The names of the pages whose title (page-titles.ts) is also a label or heading of their area: each
 * area names them from here, so that the shell's start-up path titles a page without loading the
 * area's texts.
 */
export const PAGE_NAMES = {
  employerNav: ['Dashboard', 'Company Settings', 'Employee Management', 'User Management'] as const,
  allDrivers: 'All Drivers',
  admins: 'Admins',
  payment: 'Payment and Billing',
  auditLog: 'Audit Log',
  failedMail: 'Failed Mail',
  releases: 'Releases',
  schemeSettings: 'Scheme Settings',
} as const;

/** A normalised error text for a failed call (document 2, section 8). */
export function normaliseErrorBody(body: unknown): string {
  const text = (e: unknown): string =>
    typeof e === 'string' ? e : e && typeof e === 'object' ? String((e as { message?: unknown }).message ?? '') : String(e ?? '');
  const joined = (list: unknown[]) => list.map(text).filter(Boolean).join(', ');
  if (Array.isArray(body)) return joined(body) || SHELL_START_MESSAGES.common.unknownError;
  if (body && typeof body === 'object') {
    const b = body as { message?: unknown; errors?: unknown; title?: unknown };
    if (Array.isArray(b.errors) && b.errors.length > 0 && !b.message) {
      const list = joined(b.errors);
      if (list) return list;
    }
    if (typeof b.message === 'string' && b.message) return b.message;
    if (typeof b.title === 'string' && b.title) return b.title;
  }
  return SHELL_START_MESSAGES.common.unknownError;
}
