// Search everything: the active connection's offline copy searched by word prefixes in every
// collection, best records first, grouped by collection. Text that is one token is also tried as a
// record ID, in the copy and, when the copy does not have it, in the service (each collection at once,
// since IDs do not say which collection they belong to), so an ID still opens its record without a
// copy. Without a searchable copy the answer says so, for the screen to offer to make one. Every hit
// carries its label by the shared rule (a unit as "<property> · <unit>"), read by the label service,
// and a tenant where they rent (tenant-places.ts), so namesakes are told apart by their homes.
import { labelKey } from '../../shared/label-refs';
import type { LabelAnswer, LabelRef } from '../../shared/label-refs';
import { COLLECTIONS, collectionWords } from '../../shared/service';
import type { Collection, ServiceRecord } from '../../shared/service';
import type { SearchAnswer, SearchGroup, SearchHit } from '../../shared/search';
import type { ServiceClient } from '../connections/types';
import type { OfflineCopyRepository } from '../store/offline-copy/offline-copy-repo';
import { parseStored } from '../store/offline-copy/collection-listings';
import type { LiveListing } from '../store/offline-copy/collection-listings';
import { ftsQuery, searchTerms, singleToken, typedInOrder } from './search-query';
import { matchedField } from './matched-field';
import { LinkedWords } from './linked-words';
import type { FieldDescriptor } from '../../shared/contract';
import { tellApart } from '../../shared/tell-apart';
import { exactness } from './exact-match';

export interface SearchServiceOptions {
  offlineCopies: OfflineCopyRepository;
  activeId: () => string;
  client: () => ServiceClient;
  /** Labels of a connection's records, linked records included. */
  labels: (connectionId: string, refs: readonly LabelRef[]) => Promise<LabelAnswer>;
  /** Where tenants rent, by tenant ID ("Willow Row · 2"). */
  places: (connectionId: string, tenantIds: readonly string[]) => Promise<Record<string, string>>;
  /** The record fields of a collection in the connection's stored contract, when there is one. */
  fields: (connectionId: string, collection: Collection) => readonly FieldDescriptor[] | undefined;
  /** Longest wait for the service when a typed ID is looked up in it, and for the hits' labels and places. */
  liveTimeoutMs: number;
  log: (message: string, error?: unknown) => void;
}

const DEFAULT_HITS = 5;
/** The best matches by bm25 that are ordered again, those holding the words as typed first. */
const REORDERED = 25;
/** Matches ranked per collection: see SearchRepository.best. */
const RANKED = 2_000;

interface Ranked extends SearchGroup {
  best: number;
}

/**
 * Groups best first: the one whose best hit holds the typed words most exactly (a lease number typed
 * whole), then by bm25, then in the usual order of collections.
 */
function byBest(groups: Iterable<Ranked>, exact: ReadonlyMap<SearchHit, number>): SearchGroup[] {
  const top = (g: Ranked) => Math.max(-1, ...g.hits.map((h) => exact.get(h) ?? 0));
  return [...groups]
    .map((g) => {
      // Stable: among hits as exact as each other, the order found stays.
      g.hits.sort((a, b) => (exact.get(b) ?? 0) - (exact.get(a) ?? 0));
      return { group: g, top: top(g) };
    })
    .sort(
      (a, b) =>
        b.top - a.top ||
        a.group.best - b.group.best ||
        COLLECTIONS.indexOf(a.group.collection) - COLLECTIONS.indexOf(b.group.collection),
    )
    .map(({ group: { best: _best, ...group } }) => group);
}

export class SearchService {
  constructor(private readonly o: SearchServiceOptions) {}

  async query(args: { text: string; limit?: number | undefined }): Promise<SearchAnswer> {
    const connectionId = this.o.activeId();
    const take = args.limit ?? DEFAULT_HITS;
    const listings = this.o.offlineCopies.liveListings(connectionId);
    const searchable = listings.filter((l) => l.searchable);
    const terms = searchTerms(args.text);
    const query = ftsQuery(terms);
    const groups = new Map<Collection, Ranked>();
    if (query !== '') {
      const linked = new LinkedWords({
        offlineCopies: this.o.offlineCopies,
        listings: searchable,
        fields: (collection) => this.o.fields(connectionId, collection),
      });
      for (const listing of searchable) {
        const group = withLinked(
          this.searchListing(listing, query, terms, take),
          linked,
          listing,
          terms,
          take,
        );
        if (group) groups.set(listing.collection, group);
      }
    }
    const token = singleToken(args.text);
    if (token) {
      let exact = this.inCopy(listings, token);
      // IDs hold digits almost always; with a copy to search, plain words are not sent to the service.
      if (exact.length === 0 && (searchable.length === 0 || /\d/.test(token))) exact = await this.live(token);
      for (const hit of exact) {
        const group = groups.get(hit.collection) ?? {
          collection: hit.collection,
          hits: [],
          more: false,
          best: 0,
        };
        group.hits = [hit, ...group.hits.filter((h) => h.id !== hit.id)].slice(0, take);
        group.best = -Infinity;
        groups.set(hit.collection, group);
      }
    }
    const [labels, places] = await Promise.all([
      this.labelsOf(connectionId, [...groups.values()]),
      this.placesOf(connectionId, groups.get('tenants')),
    ]);
    const exact = new Map<SearchHit, number>();
    for (const group of groups.values())
      for (const hit of group.hits) {
        hit.label = labels[labelKey(hit.collection, hit.id)] ?? null;
        hit.place = hit.collection === 'tenants' ? (places[hit.id] ?? null) : null;
        hit.note = tellApart(hit.collection, hit.record, this.o.fields(connectionId, hit.collection));
        hit.matched = hit.source === 'copy' ? matchedField(terms, hit.record) : null;
        exact.set(hit, hit.id === token ? Infinity : exactness(terms, hit.record, hit.label));
      }
    return {
      available: searchable.length > 0,
      asOf: searchable.map((l) => l.asOf).sort()[0] ?? null,
      notice: notice(listings, searchable),
      groups: byBest(groups.values(), exact),
    };
  }

  private searchListing(
    listing: LiveListing,
    query: string,
    terms: readonly string[],
    take: number,
  ): Ranked | undefined {
    const { rows, more } = this.o.offlineCopies.search.best(
      listing.listing,
      query,
      RANKED,
      Math.max(take, REORDERED),
    );
    if (rows.length === 0) return undefined;
    const found = rows.flatMap((row) => {
      const json = this.o.offlineCopies.json(listing.listing, row.position);
      if (json === undefined) return [];
      const record = parseStored(listing.collection, json);
      return [{ record, typed: typedInOrder(terms, Object.values(record)) }];
    });
    // Stable: among records holding the words as typed, and among the rest, bm25's order stays.
    found.sort((a, b) => Number(b.typed) - Number(a.typed));
    const hits = found.slice(0, take).map(({ record }) => copyHit(listing.collection, record));
    return { collection: listing.collection, hits, more: more || found.length > take, best: rows[0]!.score };
  }

  private inCopy(listings: readonly LiveListing[], id: string): SearchHit[] {
    return listings.flatMap((l): SearchHit[] => {
      const json = this.o.offlineCopies.get(l.listing, id);
      return json === undefined ? [] : [copyHit(l.collection, parseStored(l.collection, json))];
    });
  }

  /**
   * The hits' labels, keyed by labelKey. Links a label follows come from the copy, else from listings
   * the label service remembers or makes; hits it could not name in time are shown by their own fields.
   */
  private async labelsOf(
    connectionId: string,
    groups: readonly SearchGroup[],
  ): Promise<Record<string, string>> {
    const refs = groups.flatMap((g) => g.hits.map(({ collection, id }) => ({ collection, id })));
    if (refs.length === 0) return {};
    const answer = await this.inTime(this.o.labels(connectionId, refs), 'Labels of search hits');
    return answer?.labels ?? {};
  }

  /** Where the tenants found rent, by tenant ID; those not found in time have none. */
  private async placesOf(
    connectionId: string,
    group: SearchGroup | undefined,
  ): Promise<Record<string, string>> {
    if (!group?.hits.length) return {};
    const ids = group.hits.map((h) => h.id);
    return (await this.inTime(this.o.places(connectionId, ids), 'Where the tenants found rent')) ?? {};
  }

  /** What the work answers, waited for no longer than a live ID; undefined when late or failed. */
  private async inTime<T>(work: Promise<T>, what: string): Promise<T | undefined> {
    let expire: (value: undefined) => void = () => undefined;
    const late = new Promise<undefined>((resolve) => (expire = resolve));
    const timer = setTimeout(() => expire(undefined), this.o.liveTimeoutMs);
    try {
      const answer = await Promise.race([work, late]);
      if (answer === undefined) this.o.log(`${what} took too long; the hits are shown without them`);
      return answer;
    } catch (error) {
      this.o.log(`${what} could not be read`, error);
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  /** The record with this ID in whichever collections the service has it; failures mean "not there". */
  private async live(id: string): Promise<SearchHit[]> {
    const client = this.o.client();
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.o.liveTimeoutMs);
    try {
      const found = await Promise.all(
        COLLECTIONS.map((collection) =>
          client.get(collection, id, { signal: controller.signal }).then(
            (record): SearchHit | null => ({
              collection,
              id: record.id,
              record,
              label: null,
              source: 'live',
              matched: null,
              note: null,
              place: null,
            }),
            () => null,
          ),
        ),
      );
      return found.filter((h): h is SearchHit => h !== null && h.id === id);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** A hit read from the offline copy, named and told apart once every group is found. */
const copyHit = (collection: Collection, record: ServiceRecord): SearchHit => ({
  collection,
  id: record.id,
  record,
  label: null,
  source: 'copy',
  matched: null,
  note: null,
  place: null,
});

/**
 * A group topped up, when the record's own words found fewer than asked for, with records found by
 * the words of what they name; they rank after every direct hit.
 */
function withLinked(
  group: Ranked | undefined,
  linked: LinkedWords,
  listing: LiveListing,
  terms: readonly string[],
  take: number,
): Ranked | undefined {
  const have = group?.hits.length ?? 0;
  if (have >= take) return group;
  const seen = new Set(group?.hits.map((h) => h.id));
  const found = linked.records(listing.collection, terms, take + have + 1).filter((r) => !seen.has(r.id));
  if (found.length === 0) return group;
  const hits = found.map((record) => copyHit(listing.collection, record));
  const all = [...(group?.hits ?? []), ...hits];
  return {
    collection: listing.collection,
    hits: all.slice(0, take),
    more: (group?.more ?? false) || all.length > take,
    best: group?.best ?? 0,
  };
}

function notice(listings: readonly LiveListing[], searchable: readonly LiveListing[]): string | null {
  if (listings.length === 0)
    return 'No offline copy yet — make one to search names, emails, phones and addresses. Until then only a record ID is looked up, in the service.';
  const old = listings.filter((l) => !l.searchable).map((l) => collectionWords(l.collection));
  if (old.length === 0) return null;
  if (searchable.length === 0)
    return 'The offline copy was made before PropDesk could search it. Update the offline copy again to search it.';
  return `The offline copy of ${old.join(', ')} was made before PropDesk could search it; update the offline copy again to search those too.`;
}
