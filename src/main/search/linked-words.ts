// Search as landlords type: the words of a record include those of the records it names. "Cedar 3B"
// finds the unit Cedar Commons · 3B (its own "3B", its property's "Cedar") and that unit's lease (all
// of its words from the unit it names). A tenant also has the words of the records that name them and
// of what those name: "walsh maple" finds the Sofia Walsh whose lease names a unit of Maple Court.
// Only people are given them: a property with its units' words would be the first hit for "Cedar 3B",
// before the unit the landlord means. The words are joined when the search runs, never stored with the
// record, so a renamed property is found by its new name at once.
//
// Typed words are split where landlords split them: the named record's words first or last
// ("Cedar 3B", "3B Cedar"). The named records taken and the links followed are bounded, so a keystroke
// never reads the whole copy; the words are never cut: the records naming a named record are read with
// their own words checked in the same query, and a record's words are checked one record at a time, so
// no record holding every typed word is lost behind the first few thousand matches of one word.
import { referencedCollection } from '../../shared/contract';
import type { FieldDescriptor } from '../../shared/contract';
import { COLLECTIONS } from '../../shared/service';
import type { Collection, ServiceRecord } from '../../shared/service';
import type { OfflineCopyRepository } from '../store/offline-copy/offline-copy-repo';
import { parseStored } from '../store/offline-copy/collection-listings';
import type { LiveListing } from '../store/offline-copy/collection-listings';
import type { StoredRecordRow } from '../store/offline-copy/listing-rows';
import { ftsQuery } from './search-query';

/** Named records taken per split, best by bm25 first. */
const NAMED = 25;
/** Matches of the named words ranked before the best NAMED are taken. */
const NAMED_SCAN = 200;
/** Records read that name one named record when no own words narrow them (a property's units). */
const PER_NAMED = 25;
/** Matches of a person's own words read at a time, in the copy's order, until enough are found. */
const OWN_PAGE = 500;
/** Links followed from a record to what it names to what that names: a lease, its unit, its property. */
const DEPTH = 2;
/** The collections whose records have the words of the records that name them. */
const NAMED_BY: readonly Collection[] = ['tenants'];
/** Records read that name one such record (a tenant's leases first), across every collection naming it. */
const NAMERS = 2;

export interface LinkedWordsOptions {
  offlineCopies: OfflineCopyRepository;
  listings: readonly LiveListing[];
  fields: (collection: Collection) => readonly FieldDescriptor[] | undefined;
}

/** The ways to split the typed words into the named record's (never none) and the record's own. */
export function splits(terms: readonly string[]): Array<{ named: string[]; own: string[] }> {
  const out: Array<{ named: string[]; own: string[] }> = [];
  for (let k = 1; k <= terms.length; k++) {
    out.push({ named: terms.slice(0, k), own: terms.slice(k) });
    if (k < terms.length)
      out.push({ named: terms.slice(terms.length - k), own: terms.slice(0, terms.length - k) });
  }
  return out;
}

export class LinkedWords {
  private readonly byCollection = new Map<Collection, LiveListing>();
  /** Named records found for a collection and words, shared by every collection that names them. */
  private readonly memo = new Map<string, ServiceRecord[]>();

  constructor(private readonly o: LinkedWordsOptions) {
    for (const l of o.listings) if (l.searchable) this.byCollection.set(l.collection, l);
  }

  /**
   * Records of the collection whose own words and the words of the records they name hold every
   * typed word, and which need a named record's words to do so (direct matches are the index's).
   */
  records(collection: Collection, terms: readonly string[], take: number): ServiceRecord[] {
    if (terms.length < 2) return [];
    const found = new Map(this.linked(collection, terms, DEPTH, take).map((r) => [r.id, r]));
    if (found.size < take) this.namedBy(collection, terms, found, take);
    return [...found.values()];
  }

  /**
   * Adds records whose own words hold some of the terms and a record naming them (with what it names)
   * holds the rest: a tenant by the property of their lease.
   */
  private namedBy(
    collection: Collection,
    terms: readonly string[],
    found: Map<string, ServiceRecord>,
    take: number,
  ): void {
    const listing = this.byCollection.get(collection);
    if (!listing || !NAMED_BY.includes(collection)) return;
    const namers = this.namers(collection);
    if (namers.length === 0) return;
    for (const { named, own } of splits(terms)) {
      if (own.length === 0) continue;
      const query = ftsQuery(own);
      // Every record holding its own words is tried, a page at a time, until enough are found.
      for (let after = -1; ;) {
        const positions = this.o.offlineCopies.search.matchesAfter(listing.listing, query, after, OWN_PAGE);
        for (const position of positions) {
          const json = this.o.offlineCopies.json(listing.listing, position);
          if (json === undefined) continue;
          const record = parseStored(collection, json);
          if (found.has(record.id) || !this.namedWith(collection, record.id, namers, named)) continue;
          found.set(record.id, record);
          if (found.size >= take) return;
        }
        if (positions.length < OWN_PAGE) break;
        after = positions.at(-1)!;
      }
    }
  }

  /** Whether one of the first NAMERS records naming the record holds the terms, with what it names. */
  private namedWith(
    collection: Collection,
    id: string,
    namers: ReadonlyArray<{ source: LiveListing; field: string }>,
    terms: readonly string[],
  ): boolean {
    let read = 0;
    for (const { source, field } of namers) {
      for (const row of this.naming(source.collection, source, field, id, NAMERS - read)) {
        read++;
        const chain = [{ listing: source, position: row.position }];
        this.follow(source, parseStored(source.collection, row.json), DEPTH, collection, chain);
        const holds = (term: string) =>
          chain.some((c) =>
            this.o.offlineCopies.search.holds(c.listing.listing, c.position, ftsQuery([term])),
          );
        if (terms.every(holds)) return true;
      }
      if (read >= NAMERS) return false;
    }
    return false;
  }

  /** The records a record names, and what those name, `depth` links on, never back to `origin`. */
  private follow(
    from: LiveListing,
    record: ServiceRecord,
    depth: number,
    origin: Collection,
    chain: Array<{ listing: LiveListing; position: number }>,
  ): void {
    if (depth === 0) return;
    for (const { field, target } of this.references(from.collection, from)) {
      const id = record[field];
      const listing = this.byCollection.get(target);
      if (target === origin || typeof id !== 'string' || !listing) continue;
      const row = this.o.offlineCopies.row(listing.listing, id);
      if (!row) continue;
      chain.push({ listing, position: row.position });
      this.follow(listing, parseStored(target, row.json), depth - 1, origin, chain);
    }
  }

  /** The searchable collections whose records name the collection's, and by which field, in the usual order. */
  private namers(collection: Collection): Array<{ source: LiveListing; field: string }> {
    return [...this.byCollection.values()]
      .filter((l) => l.collection !== collection)
      .sort((a, b) => COLLECTIONS.indexOf(a.collection) - COLLECTIONS.indexOf(b.collection))
      .flatMap((source) =>
        this.references(source.collection, source)
          .filter((r) => r.target === collection)
          .map((r) => ({ source, field: r.field })),
      );
  }

  private linked(
    collection: Collection,
    terms: readonly string[],
    depth: number,
    take: number,
  ): ServiceRecord[] {
    const listing = this.byCollection.get(collection);
    if (!listing || depth === 0) return [];
    const found = new Map<string, ServiceRecord>();
    for (const { field, target } of this.references(collection, listing)) {
      for (const { named, own } of splits(terms)) {
        // The record's own words by the index's rule: text fields, never dates, enums or IDs.
        const words = own.length > 0 ? ftsQuery(own) : undefined;
        for (const namedRecord of this.matching(target, named, depth - 1)) {
          const limit = words === undefined ? PER_NAMED : take - found.size;
          for (const { json } of this.naming(collection, listing, field, namedRecord.id, limit, words)) {
            const record = parseStored(collection, json);
            found.set(record.id, record);
            if (found.size >= take) return [...found.values()];
          }
        }
      }
    }
    return [...found.values()];
  }

  /** Records whose words (their own, or with what they name) hold every term: the best few. */
  private matching(collection: Collection, terms: readonly string[], depth: number): ServiceRecord[] {
    const key = `${collection} ${depth} ${terms.join(' ')}`;
    const known = this.memo.get(key);
    if (known) return known;
    const found = this.matchingOnce(collection, terms, depth);
    this.memo.set(key, found);
    return found;
  }

  private matchingOnce(collection: Collection, terms: readonly string[], depth: number): ServiceRecord[] {
    const listing = this.byCollection.get(collection);
    if (!listing) return [];
    const { rows } = this.o.offlineCopies.search.best(listing.listing, ftsQuery(terms), NAMED_SCAN, NAMED);
    const direct = rows.flatMap((row) => {
      const json = this.o.offlineCopies.json(listing.listing, row.position);
      return json === undefined ? [] : [parseStored(collection, json)];
    });
    if (direct.length >= NAMED || terms.length < 2) return direct;
    return [...direct, ...this.linked(collection, terms, depth, NAMED - direct.length)];
  }

  /**
   * The records of a listing whose link field holds the ID (and whose own text holds the words of an
   * FTS5 query, when given), the first `limit` in the copy's order.
   */
  private naming(
    collection: Collection,
    listing: LiveListing,
    field: string,
    id: string,
    limit: number,
    words?: string,
  ): StoredRecordRow[] {
    try {
      return this.o.offlineCopies.filteredPage(
        collection,
        listing.listing,
        -1,
        limit,
        { [field]: id },
        words,
      );
    } catch {
      // A link the service does not filter by has no index in the copy to follow it by.
      return [];
    }
  }

  /** The link fields of a collection's records: from the contract, else from a stored record's fields. */
  private references(
    collection: Collection,
    listing: LiveListing,
  ): Array<{ field: string; target: Collection }> {
    const described = this.o.fields(collection)?.map((f) => f.name);
    const names = described ?? Object.keys(this.firstRecord(collection, listing) ?? {});
    return names.flatMap((field) => {
      const target = referencedCollection(field);
      return target && target !== collection && this.byCollection.has(target) ? [{ field, target }] : [];
    });
  }

  private firstRecord(collection: Collection, listing: LiveListing): ServiceRecord | undefined {
    const [row] = this.o.offlineCopies.page(listing.listing, -1, 1);
    return row ? parseStored(collection, row.json) : undefined;
  }
}
