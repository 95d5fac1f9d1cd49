// A test setup file (given by the vitest preset to every package that renders shared-ui): the code of
// menus, popovers and modals is fetched once before the tests, so an overlay opens in the same render
// as on a page that has already loaded it. How the first opening fetches it is tested in
// components/lazy-overlay.test.tsx.
import { preloadOverlays } from './components/overlays';

await preloadOverlays();
