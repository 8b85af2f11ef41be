// Every React Query key of the renderer. Keys are built only here, so what one screen caches and what
// an event or a mutation refreshes can never drift apart by a typo.
import type { Collection } from '../../../shared/service';

export const queryKeys = {
  appInfo: ['app-info'] as const,
  connections: ['connections'] as const,
  connectivity: ['connectivity'] as const,
  /** The demo organisation's expiry of suggestions, as chosen on the Connections screen. */
  demoExpiry: ['demo-expiry'] as const,
  pace: ['connectivity', 'pace'] as const,
  contract: ['contract'] as const,
  drafts: {
    all: ['drafts'] as const,
    list: ['drafts', 'list'] as const,
    detail: (id: string) => ['drafts', 'detail', id] as const,
  },
  outbox: ['outbox'] as const,
  /** What each connection's key was refused (a missing permission), remembered by main. */
  refusals: ['refusals'] as const,
  suggestions: ['suggestions'] as const,
  offlineCopyStatus: ['offline-copy-status'] as const,
  offlineCopySchedule: ['offline-copy-schedule'] as const,
  /**
   * When what a screen shows of a collection of the active connection was last checked with the
   * service (main says, by event; a change of connection resets it with every query).
   */
  copyChecked: (collection: Collection) => ['copy-checked', collection] as const,
  since: {
    all: ['since'] as const,
    digest: ['since', 'digest'] as const,
    records: (kind: string, offset: number) => ['since', 'records', kind, offset] as const,
  },
  portfolio: {
    all: ['portfolio'] as const,
    overview: ['portfolio', 'overview'] as const,
    today: ['portfolio', 'today'] as const,
    view: (
      view: string,
      focus: object | null,
      asOfDay: string | null = null,
      period: object | null = null,
      within: number | null = null,
    ) => ['portfolio', view, focus, asOfDay, period, within] as const,
  },
  search: {
    all: ['search'] as const,
    query: (text: string, limit: number) => ['search', text, limit] as const,
  },
  /** A collection's list pages; `filters` as the route holds them. */
  collection: (collection: Collection, filters: Record<string, string>) =>
    ['collection', collection, filters] as const,
  record: (collection: Collection, id: string) => ['record', collection, id] as const,
  /** The sum of every record a filtered list matches, from the offline copy. */
  listSum: (collection: Collection, filters: Record<string, string>) =>
    ['list-sum', collection, filters] as const,
  /** Every such sum, to read again when the copy changes. */
  listSumAll: ['list-sum'] as const,
  /** Every cached list page and record of a collection, whatever the filters or ID. */
  collectionAll: (collection: Collection) => ['collection', collection] as const,
  recordAll: (collection: Collection) => ['record', collection] as const,
  /** A picker's pages; `filters` narrow it (a unit picker to one property's units). */
  picker: (target: string, filters: Record<string, string> = {}) => ['picker', target, filters] as const,
  /** A record's page: the record and the records that point to it. */
  related: (collection: Collection, id: string) => ['related', collection, id] as const,
  /** Under `related`, so whatever reads a record page again reads its balance again too. */
  balance: (collection: Collection, id: string) => ['related', collection, id, 'balance'] as const,
  /** Every record page's reads, to refresh together. */
  relatedAll: ['related'] as const,
  /** Reference labels: all under one key, so a new copy or contract refreshes them at once. */
  labels: {
    all: ['labels'] as const,
    one: (collection: Collection, id: string) => ['labels', collection, id] as const,
    /** Where these tenants rent, asked together (a picker's matches). */
    places: (tenantIds: readonly string[]) => ['labels', 'places', ...tenantIds] as const,
  },
};
