// What the offline copy's store says of one collection of a connection: the listing in use (the copy,
// as of when, how many records) and a listing being fetched beside it, with the cursor to resume it
// from; and a stored record read back, refused plainly when damaged.
import type { Collection, ServiceRecord } from '../../../shared/service';
import { UserError } from '../../base/user-error';
import { readStoredJson } from '../stored-json';
import { collectionWords } from '../../../shared/service';

export interface CollectionListings {
  collection: Collection;
  /** The listing in use: the complete copy readers see. */
  liveListing: number | null;
  asOf: string | null;
  liveCount: number;
  /** The listing being fetched beside it, resumed from `stagingCursor`. */
  stagingListing: number | null;
  stagingCursor: string | null;
  stagingCount: number;
  stagingStartedAt: string | null;
}

/** The columns of offline_copy_collections as CollectionListings names them. */
export const COLLECTION_LISTINGS_COLUMNS = `collection, live_listing AS liveListing, as_of AS asOf,
  live_count AS liveCount, staging_listing AS stagingListing, staging_cursor AS stagingCursor,
  staging_count AS stagingCount, staging_started_at AS stagingStartedAt`;

/** The copy in use of one collection, as the search reads it. */
export interface LiveListing {
  collection: Collection;
  listing: number;
  asOf: string;
  /** False for a copy stored before PropDesk indexed records for search. */
  searchable: boolean;
}

export class OfflineCopyDamageError extends UserError {
  constructor(collection: string) {
    super(
      'offline_copy_damaged',
      `The offline copy of ${collectionWords(collection)} is damaged. Update the offline copy again, or forget this connection's offline data.`,
    );
  }
}

/** Parses a stored record; a row that no longer parses is damage, reported in plain words. */
export function parseStored(collection: string, json: string): ServiceRecord {
  const value = readStoredJson(json);
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string')
    return value as ServiceRecord;
  throw new OfflineCopyDamageError(collection);
}
