import { useMatches } from 'react-router';
import { metaByName, type RouteMeta } from './route-meta';

/** The meta of the deepest matched route (falls back to home for the 404 case). */
export function useRouteMeta(): RouteMeta {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteMeta | undefined;
    if (handle?.name) return handle;
  }
  return metaByName('home');
}
