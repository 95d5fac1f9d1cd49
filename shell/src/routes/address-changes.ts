import { createContext } from 'react';

/**
 * Tells `listener` each time the router starts showing another path: when a link is followed or
 * `navigate` is called, before the page it leads to has loaded and been drawn (the router draws
 * the new page as a transition, so `useLocation` changes only once it has). Returns the unsubscriber.
 */
export type PathChanges = (listener: () => void) => () => void;

/** The router's path changes as they start; null outside the shell's router (the location's commit then). */
export const PathChangesContext = createContext<PathChanges | null>(null);

/** Path changes of a router with `state.location` and `subscribe` (react-router's data router). */
export function pathChangesOf(router: {
  state: { location: { pathname: string } };
  subscribe: (fn: (state: { location: { pathname: string } }) => void) => () => void;
}): PathChanges {
  return (listener) => {
    let last = router.state.location.pathname;
    return router.subscribe((state) => {
      if (state.location.pathname === last) return;
      last = state.location.pathname;
      listener();
    });
  };
}
