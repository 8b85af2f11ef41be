// Routes live in the URL hash so back, forward and reload work from a file:// page. Pure parse and
// format functions; filters travel as query parameters.
import { COLLECTIONS, isCollection } from '../../../shared/service/collections';
import type { Collection } from '../../../shared/service/collections';
import { PORTFOLIO_VIEWS } from '../../../shared/portfolio';
import type { PortfolioViewName } from '../../../shared/portfolio';
import { focusFits } from '../../../shared/portfolio-focus';
import type { PortfolioFocus } from '../../../shared/portfolio-focus';
import { focusFromQuery, focusToQuery } from './focus-query';
import { parsePeriodText, periodText } from '../../../shared/income-period';
import type { IncomePeriod } from '../../../shared/income-period';
import { SINCE_RECORD_KINDS } from '../../../shared/since';
import type { SinceRecordKind } from '../../../shared/since';

/** The portfolio screen's tabs: the overview's charts, the six views and the offline copy's update panel. */
export type PortfolioTab = 'overview' | PortfolioViewName | 'offline-copy';
const isPortfolioTab = (v: string | undefined): v is PortfolioTab =>
  v === 'overview' || v === 'offline-copy' || (PORTFOLIO_VIEWS as readonly string[]).includes(v ?? '');
const isView = (tab: PortfolioTab): tab is PortfolioViewName => tab !== 'overview' && tab !== 'offline-copy';

export type Route =
  /** What needs the landlord today: the app's first screen. */
  | { view: 'today' }
  /** The records behind one line of Today's "Since you last looked", from the offline copy. */
  | { view: 'since'; kind: SinceRecordKind }
  | { view: 'collection'; collection: Collection; recordId?: string; query: Record<string, string> }
  /** A record's page: the record and the records that point to it. */
  | { view: 'record'; collection: Collection; id: string }
  | { view: 'drafts' }
  | { view: 'draft'; id: string }
  /** `leases`: the leases chosen elsewhere (lease expirations) to review, and only those. */
  | { view: 'rent-review'; leases?: string[] }
  | { view: 'suggestions'; query: Record<string, string> }
  /** `add`: opened with the form for a new connection showing. */
  | { view: 'connections'; add?: true }
  /**
   * `focus`: a view narrowed to the rows behind one mark of the overview's charts; `period`: the
   * period income by property covers (last calendar year when absent).
   */
  | { view: 'portfolio'; tab: PortfolioTab; focus?: PortfolioFocus; period?: IncomePeriod };

export const DEFAULT_ROUTE: Route = { view: 'today' };

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
  if (head === 'r' && isCollection(second) && third) return { view: 'record', collection: second, id: third };
  // The property page's address before every record had a page.
  if (head === 'property' && second) return { view: 'record', collection: 'properties', id: second };
  if (head === 'drafts' && second) return { view: 'draft', id: second };
  if (head === 'drafts') return { view: 'drafts' };
  if (head === 'rent-review') {
    const leases = (queryOf(search).leases ?? '')
      .split(',')
      .filter((id) => /^[\w.:-]{1,200}$/.test(id))
      .slice(0, 5_000);
    return leases.length ? { view: 'rent-review', leases } : { view: 'rent-review' };
  }
  if (head === 'suggestions') return { view: 'suggestions', query: queryOf(search) };
  if (head === 'today') return { view: 'today' };
  if (head === 'since' && (SINCE_RECORD_KINDS as readonly string[]).includes(second ?? ''))
    return { view: 'since', kind: second as SinceRecordKind };
  if (head === 'connections')
    return queryOf(search).add === '1' ? { view: 'connections', add: true } : { view: 'connections' };
  if (head === 'portfolio') {
    const former = second === 'sync'; // the offline copy tab's former name, in old links and bookmarks
    const tab = former ? 'offline-copy' : isPortfolioTab(second) ? second : 'overview';
    const query = queryOf(search);
    const period = tab === 'income' && query.period ? parsePeriodText(query.period) : undefined;
    if (period) return { view: 'portfolio', tab, period };
    const focus = isView(tab) ? focusFromQuery(query) : undefined;
    return focus && isView(tab) && focusFits(tab, focus)
      ? { view: 'portfolio', tab, focus }
      : { view: 'portfolio', tab };
  }
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
    case 'record':
      return `#/r/${route.collection}/${encodeURIComponent(route.id)}`;
    case 'drafts':
      return '#/drafts';
    case 'draft':
      return `#/drafts/${encodeURIComponent(route.id)}`;
    case 'rent-review':
      return route.leases?.length
        ? `#/rent-review${qs({ leases: route.leases.join(',') })}`
        : '#/rent-review';
    case 'suggestions':
      return `#/suggestions${qs(route.query)}`;
    case 'today':
      return '#/today';
    case 'since':
      return `#/since/${route.kind}`;
    case 'connections':
      return route.add ? '#/connections?add=1' : '#/connections';
    case 'portfolio':
      return `#/portfolio/${route.tab}${
        route.period
          ? qs({ period: periodText(route.period) })
          : route.focus
            ? qs(focusToQuery(route.focus))
            : ''
      }`;
  }
}

export { COLLECTION_LABELS } from '../../../shared/labels';

export const ALL_COLLECTIONS = COLLECTIONS;
