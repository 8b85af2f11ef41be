// The current route as React state, following the hash (and so the browser's back/forward).
import { useCallback, useSyncExternalStore } from 'react';
import { formatRoute, parseRoute } from './routes';
import type { Route } from './routes';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

export function useRoute(): Route {
  const hash = useSyncExternalStore(subscribe, () => window.location.hash);
  return parseRoute(hash);
}

export function navigate(route: Route, options: { replace?: boolean } = {}): void {
  const next = formatRoute(route);
  if (next === window.location.hash) return;
  if (options.replace) window.location.replace(next);
  else window.location.hash = next;
}

export function useNavigate(): (route: Route, options?: { replace?: boolean }) => void {
  return useCallback((route: Route, options?: { replace?: boolean }) => navigate(route, options), []);
}
