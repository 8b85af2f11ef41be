// Routes live in the URL hash so back, forward and reload work from a file:// page. Pure parse and
// format functions; filters travel as query parameters.
import { COLLECTIONS, isCollection } from '../../../shared/service/collections';
import type { Collection } from '../../../shared/service/collections';

export type Route =
  | { view: 'collection'; collection: Collection; recordId?: string; query: Record<string, string> }
  | { view: 'property'; id: string }
  | { view: 'drafts' }
  | { view: 'draft'; id: string }
  | { view: 'rent-review' }
  | { view: 'suggestions'; query: Record<string, string> }
  | { view: 'connections' };

export const DEFAULT_ROUTE: Route = { view: 'collection', collection: 'properties', query: {} };

function queryOf(search: string): Record<string, string> {
  const out: Record<string, string> = {};
  new URLSearchParams(search).forEach((value, key) => {
    if (value !== '') out[key] = value;
  });
  return out;
}

export function parseRoute(hash: string): Route {
  const raw = hash.replace(/^#/, '');
  const [path = '', search = ''] = raw.split('?', 2);
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  const [head, second, third] = parts;
  if (head === 'c' && isCollection(second)) {
    return {
      view: 'collection',
      collection: second,
      ...(third ? { recordId: third } : {}),
      query: queryOf(search),
    };
  }
  if (head === 'property' && second) return { view: 'property', id: second };
  if (head === 'drafts' && second) return { view: 'draft', id: second };
  if (head === 'drafts') return { view: 'drafts' };
  if (head === 'rent-review') return { view: 'rent-review' };
  if (head === 'suggestions') return { view: 'suggestions', query: queryOf(search) };
  if (head === 'connections') return { view: 'connections' };
  return DEFAULT_ROUTE;
}

export function formatRoute(route: Route): string {
  const qs = (query: Record<string, string>) => {
    const s = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== '')).toString();
    return s ? `?${s}` : '';
  };
  switch (route.view) {
    case 'collection':
      return `#/c/${route.collection}${route.recordId ? `/${encodeURIComponent(route.recordId)}` : ''}${qs(route.query)}`;
    case 'property':
      return `#/property/${encodeURIComponent(route.id)}`;
    case 'drafts':
      return '#/drafts';
    case 'draft':
      return `#/drafts/${encodeURIComponent(route.id)}`;
    case 'rent-review':
      return '#/rent-review';
    case 'suggestions':
      return `#/suggestions${qs(route.query)}`;
    case 'connections':
      return '#/connections';
  }
}

export { COLLECTION_LABELS } from '../../../shared/labels';

export const ALL_COLLECTIONS = COLLECTIONS;
