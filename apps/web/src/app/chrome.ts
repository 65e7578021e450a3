import { lazy } from 'react';

/**
 * The header (project picker, user box, links) and the left menu: only pages with the app chrome
 * show them, so login and sign-up pages do not load them. The router fetches them together with
 * such a page's own chunk (router.tsx), so they are in before the page renders.
 */
export const loadChrome = () => import('./AppChrome');

export const Header = lazy(() => loadChrome().then((m) => ({ default: m.Header })));
export const LeftMenu = lazy(() => loadChrome().then((m) => ({ default: m.LeftMenu })));
