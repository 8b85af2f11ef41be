// Search as landlords type: the words of a record include those of the records it names. "Cedar 3B"
// finds the unit Cedar Commons · 3B (its own "3B", its property's "Cedar") and that unit's lease (all
// of its words from the unit it names). The words are joined when the search runs, never stored with
// the record, so a renamed property is found by its new name at once.
//
// Typed words are split where landlords split them: the named record's words first or last
// ("Cedar 3B", "3B Cedar"). Each step is bounded (named records taken, rows read per named record,
// links followed), so a keystroke never reads the whole copy.
import { referencedCollection } from '../../shared/contract';
import type { FieldDescriptor } from '../../shared/contract';
import type { Collection, ServiceRecord } from '../../shared/service';
import type { OfflineCopyRepository } from '../store/offline-copy/offline-copy-repo';
import { parseStored } from '../store/offline-copy/collection-listings';
import type { LiveListing } from '../store/offline-copy/collection-listings';
import type { StoredRecordRow } from '../store/offline-copy/listing-rows';
import { ftsQuery } from './search-query';

/** Named records taken per split, best by bm25 first. */
const NAMED = 5;
/** Matches of the named words ranked before the best NAMED are taken. */
const NAMED_SCAN = 200;
/** Records read that name one named record (a property's units, a unit's leases). */
const PER_NAMED = 25;
/** Matches of the record's own words looked at (a short prefix in a large copy matches many more). */
const OWN_SCAN = 2_000;
/** Links followed from a record to what it names to what that names: a lease, its unit, its property. */
const DEPTH = 2;

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
  private readonly positions = new Map<string, Set<number>>();

  constructor(private readonly o: LinkedWordsOptions) {
    for (const l of o.listings) if (l.searchable) this.byCollection.set(l.collection, l);
  }

  /**
   * Records of the collection whose own words and the words of the records they name hold every
   * typed word, and which need a named record's words to do so (direct matches are the index's).
   */
  records(collection: Collection, terms: readonly string[], take: number): ServiceRecord[] {
    if (terms.length < 2) return [];
    return this.linked(collection, terms, DEPTH, take);
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
        for (const namedRecord of this.matching(target, named, depth - 1)) {
          const ownPositions = own.length > 0 ? this.holding(listing, own) : undefined;
          for (const { position, json } of this.naming(collection, listing, field, namedRecord.id)) {
            // The record's own words by the index's rule: text fields, never dates, enums or IDs.
            if (ownPositions && !ownPositions.has(position)) continue;
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

  /** Positions of the listing's records whose own words hold the terms, the first OWN_SCAN found. */
  private holding(listing: LiveListing, terms: readonly string[]): ReadonlySet<number> {
    const key = `own ${listing.listing} ${terms.join(' ')}`;
    let known = this.positions.get(key);
    if (!known) {
      const { rows } = this.o.offlineCopies.search.best(listing.listing, ftsQuery(terms), OWN_SCAN, OWN_SCAN);
      known = new Set(rows.map((r) => r.position));
      this.positions.set(key, known);
    }
    return known;
  }

  /** The records of a listing whose link field holds the ID, the first PER_NAMED in the copy's order. */
  private naming(collection: Collection, listing: LiveListing, field: string, id: string): StoredRecordRow[] {
    try {
      return this.o.offlineCopies.filteredPage(collection, listing.listing, -1, PER_NAMED, { [field]: id });
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
