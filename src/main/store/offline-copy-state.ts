// What the offline copy's store says of a collection's copy (the listing in use, the one being
// fetched, their sizes and times), and a stored record read back, refused plainly when damaged.
import type { Collection, ServiceRecord } from '../../shared/service';
import { UserError } from '../user-error';

export interface OfflineCopyState {
  collection: Collection;
  liveGeneration: number | null;
  asOf: string | null;
  liveCount: number;
  stagingGeneration: number | null;
  stagingCursor: string | null;
  stagingCount: number;
  stagingStartedAt: string | null;
}

export interface StateRow {
  collection: Collection;
  live_generation: number | null;
  as_of: string | null;
  live_count: number;
  staging_generation: number | null;
  staging_cursor: string | null;
  staging_count: number;
  staging_started_at: string | null;
}

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
      'snapshot_damaged',
      `The offline copy of ${collection.replace(/_/g, ' ')} is damaged. Update the offline copy again, or forget this connection's offline data.`,
    );
  }
}

/** Parses a stored record; a row that no longer parses is damage, reported in plain words. */
export function parseStored(collection: string, json: string): ServiceRecord {
  try {
    const value = JSON.parse(json) as unknown;
    if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string')
      return value as ServiceRecord;
  } catch {
    // fall through
  }
  throw new OfflineCopyDamageError(collection);
}

export const fromRow = (r: StateRow): OfflineCopyState => ({
  collection: r.collection,
  liveGeneration: r.live_generation,
  asOf: r.as_of,
  liveCount: r.live_count,
  stagingGeneration: r.staging_generation,
  stagingCursor: r.staging_cursor,
  stagingCount: r.staging_count,
  stagingStartedAt: r.staging_started_at,
});
