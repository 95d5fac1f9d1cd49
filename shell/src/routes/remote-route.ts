import type { RemoteId } from '@portal/shared-contracts/remotes';

// A row of the route table, in a module of its own: the public rows (public-routes.ts, on the login
// page's path) and the whole table (route-table.ts, which begins with them) both use it.

export type Area = 'public' | 'setup' | 'employer' | 'superAdmin';

export interface RemoteRoute {
  path: string;
  area: Area;
  remote: RemoteId;
  module: string;
  /** The page's name in the document title (`pageTitle`), set by the shell on navigation. */
  title: string;
  /** Fixed props of the exposed module (e.g. a variant or a tab). */
  props?: Record<string, unknown>;
  /** Route params passed on as props: `{ companyId: 'id' }` gives the module `companyId` from `:id`. */
  paramProps?: Record<string, string>;
  /**
   * A setup page that a company whose setup is finished also uses (Add Manually, from Employee
   * Management): drawn in the employer area's layout, with its navigation, once the setup is
   * finished, and under the setup steps' header before.
   */
  employerOnceSetUp?: true;
  /** The layout hides its tab nav (employer) or top bar (super admin) on this route. */
  hideNav?: boolean;
  hideTopBar?: boolean;
  /**
   * The role-limited calls (endpoint ids) the page cannot do without. An admin limited to some
   * offices is neither shown the page nor its menu item while one of them is closed to them
   * (`openToOfficeAdmins`): opening a call to them opens the page, with no change here.
   */
  calls?: readonly string[];
  /**
   * The module's page heading is the route's title (shared-ui's `Page`): the shell draws it, with
   * the loading spinner under it, while the module loads, so the page's first paint (and its
   * largest text) does not wait for the remote (docs/decisions/0067).
   */
  heading?: true;
}
