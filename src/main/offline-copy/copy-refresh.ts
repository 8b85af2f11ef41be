// Keeps the offline copy in step with what the service now holds: the records suggestions a person
// approved touched (read once, by the live check after approval, and handed on here; any not read
// yet are read now, all at once, as background work), and records the service just sent for a screen
// (`write`). Either is written into the copy, so screens reading the copy show the new values without
// a full update. No copy of a collection, nothing to refresh; a record that cannot be read now
// (offline, the service down) is remembered and read again when the service is back. A read answered
// with another record than the one asked for is refused and logged, never written.
import { collectionWords, MAX_PAGE_SIZE } from '../../shared/service';
import type { Collection, ServiceRecord } from '../../shared/service';
import { serviceName } from '../api/paging';
import { isUnreachable } from '../connectivity/connectivity-monitor';
import { incomingLists } from '../records/related-records';
import { boundedPage } from './bounded-page';
import { ON_SCREEN_CHECK_MS } from './freshness-policy';
import type { ShownFromCopy } from './copy-first-reader';
import type { ServiceClient } from '../connections/types';
import { assertNever } from '../../shared/app-error';
import { Signal } from '../signal';
import type { OfflineCopyRepository } from '../store/offline-copy/offline-copy-repo';
import type { RecordRef } from '../suggestions/applied-records';
import { reread } from '../suggestions/live-check';

export interface CopyRefreshOptions {
  records: Pick<OfflineCopyRepository, 'hasCopy' | 'replace'>;
  clientFor: (connectionId: string) => ServiceClient;
  log: (message: string, error?: unknown) => void;
  now?: () => number;
}

/**
 * What a screen showed from the copy is read again from the service at most this often: the window
 * reads it again from the copy when a change arrives, and that must not read the service again. A
 * little less than the screen's own 30 s rhythm, whose clock starts when the screen does, a moment
 * before main's: a tick 29.9 s after main's last check is the screen's next check, not a repeat.
 */
export const SHOWN_REFRESH_MS = ON_SCREEN_CHECK_MS - 5_000;
/** How many screens' last reads are remembered. */
const SHOWN_KEPT = 500;

export interface CopyRefreshed {
  connectionId: string;
  collections: Collection[];
}

/** What a screen shows of a collection was just read again from the service, changed or not. */
export interface CopyChecked {
  connectionId: string;
  collection: Collection;
  at: string;
}

const keyOf = (ref: RecordRef) => `${ref.collection}\n${ref.id}`;

export class CopyRefresh {
  /** Records of a connection's copy were rewritten with what the service now holds. */
  readonly refreshed = new Signal<CopyRefreshed>();
  /** A screen's rows were checked with the service: the screen says how fresh it is by that. */
  readonly checked = new Signal<CopyChecked>();
  /** Records that could not be read yet, by connection. */
  private readonly later = new Map<string, Map<string, RecordRef>>();
  /** When each screen shown from the copy was last read again, by what it showed. */
  private readonly shownAt = new Map<string, number>();

  constructor(private readonly o: CopyRefreshOptions) {}

  /**
   * Reads again from the service, as background work, what a screen was just shown from the copy (a
   * list's first page, a record, a record's page: the record and the first rows of its lists) and
   * writes any change into the copy, which announces it. Resolves with how many records changed.
   */
  async refreshShown(shown: ShownFromCopy): Promise<number> {
    const key = JSON.stringify(shown);
    const now = (this.o.now ?? Date.now)();
    const last = this.shownAt.get(key);
    if (last !== undefined && now - last < SHOWN_REFRESH_MS) return 0;
    this.shownAt.delete(key);
    this.shownAt.set(key, now);
    for (const oldest of this.shownAt.keys()) {
      if (this.shownAt.size <= SHOWN_KEPT) break;
      this.shownAt.delete(oldest);
    }
    try {
      return this.storeChecked(shown, await this.readShown(shown));
    } catch (error) {
      // Out of reach: the screen keeps the copy's answer, which says how old it is.
      if (!isUnreachable(error))
        this.o.log('What a screen showed from the offline copy could not be checked', error);
      return 0;
    }
  }

  /**
   * Reads what a screen shows from the service now, whenever it was last read (the landlord's Reload),
   * and lands any change in the copy. A service out of reach leaves the copy as it is (its answer says
   * how old it is); any other failure is the caller's to show.
   */
  async checkNow(shown: ShownFromCopy): Promise<number> {
    this.shownAt.set(JSON.stringify(shown), (this.o.now ?? Date.now)());
    try {
      return this.storeChecked(shown, await this.readShown(shown));
    } catch (error) {
      if (isUnreachable(error)) return 0;
      throw error;
    }
  }

  private async readShown(shown: ShownFromCopy): Promise<Map<Collection, ServiceRecord[]>> {
    const client = this.o.clientFor(shown.connectionId);
    const read = new Map<Collection, ServiceRecord[]>();
    const add = (collection: Collection, records: readonly ServiceRecord[]) =>
      read.set(collection, [...(read.get(collection) ?? []), ...records]);
    switch (shown.kind) {
      case 'page': {
        const page = await boundedPage(
          {
            read: (cursor) =>
              client.list(
                shown.collection,
                { filters: shown.filters, limit: shown.limit, ...(cursor ? { cursor } : {}) },
                { priority: 'background' },
              ),
            service: serviceName(client),
            what: collectionWords(shown.collection),
          },
          undefined,
          shown.onOrAfter,
        );
        add(shown.collection, page.data);
        break;
      }
      case 'record':
        add(shown.collection, [await reread(client, shown.collection, shown.id)]);
        break;
      case 'related': {
        const [record, lists] = await Promise.all([
          reread(client, shown.collection, shown.id),
          Promise.all(
            incomingLists(shown.collection).map(async ({ collection, filter }) => ({
              collection,
              page: await client.list(
                collection,
                { filters: { [filter]: shown.id }, limit: MAX_PAGE_SIZE },
                { priority: 'background' },
              ),
            })),
          ),
        ]);
        add(shown.collection, [record]);
        for (const { collection, page } of lists) add(collection, page.data);
        break;
      }
      default:
        assertNever(shown, 'what a screen showed');
    }
    return read;
  }

  /**
   * Writes these records into the connection's copy, reading those not read yet; resolves with how
   * many stored records changed.
   */
  async refresh(connectionId: string, refs: readonly RecordRef[]): Promise<number> {
    const wanted = refs.filter((r) => this.o.records.hasCopy(connectionId, r.collection));
    if (wanted.length === 0) return 0;
    const waiting = this.later.get(connectionId) ?? new Map<string, RecordRef>();
    type Answer = { ref: RecordRef; record: ServiceRecord } | { ref: RecordRef; error: unknown };
    // Read once already, and failed for now: waits for the service to be back, unread again.
    for (const ref of wanted)
      if (ref.later) waiting.set(keyOf(ref), { collection: ref.collection, id: ref.id });
    const answers = await Promise.all(
      wanted
        .filter((ref) => !ref.later)
        .map(async (ref): Promise<Answer> => {
          if (ref.record) return { ref, record: ref.record };
          try {
            return { ref, record: await reread(this.o.clientFor(connectionId), ref.collection, ref.id) };
          } catch (error) {
            return { ref, error };
          }
        }),
    );
    const read = new Map<Collection, ServiceRecord[]>();
    for (const answer of answers) {
      const { ref } = answer;
      if ('record' in answer) {
        read.set(ref.collection, [...(read.get(ref.collection) ?? []), answer.record]);
        waiting.delete(keyOf(ref));
        continue;
      }
      const code = (answer.error as { code?: unknown }).code;
      // A record the service no longer shows is left as the copy has it; the next update settles it.
      // An answer about another record is refused; the next update settles that one too.
      if (code === 'not_found' || code === 'bad_response') waiting.delete(keyOf(ref));
      else waiting.set(keyOf(ref), { collection: ref.collection, id: ref.id });
      this.o.log(
        code === 'bad_response'
          ? 'A record re-read for the offline copy was refused'
          : 'A record a suggestion changed could not be read into the offline copy yet',
        answer.error,
      );
    }
    if (waiting.size) this.later.set(connectionId, waiting);
    else this.later.delete(connectionId);
    return this.store(connectionId, read);
  }

  /**
   * Records the service just sent (for a screen that read the copy first): written over the copy's
   * versions of them, announced when any changed. Resolves with how many stored records changed.
   */
  write(connectionId: string, collection: Collection, records: readonly ServiceRecord[]): number {
    if (records.length === 0 || !this.o.records.hasCopy(connectionId, collection)) return 0;
    return this.store(connectionId, new Map([[collection, [...records]]]));
  }

  /** Reads what could not be read before (the service is reachable again). */
  async retry(): Promise<void> {
    await Promise.all(
      [...this.later].map(([connectionId, waiting]) => this.refresh(connectionId, [...waiting.values()])),
    );
  }

  /** How many records of a connection wait to be read into its copy. */
  waiting(connectionId: string): number {
    return this.later.get(connectionId)?.size ?? 0;
  }

  /** Lands what a screen's check read, then says the screen's collection was checked. */
  private storeChecked(shown: ShownFromCopy, read: ReadonlyMap<Collection, ServiceRecord[]>): number {
    const changed = this.store(shown.connectionId, read);
    const at = new Date((this.o.now ?? Date.now)()).toISOString();
    this.checked.emit({ connectionId: shown.connectionId, collection: shown.collection, at });
    return changed;
  }

  private store(connectionId: string, read: ReadonlyMap<Collection, ServiceRecord[]>): number {
    let changed = 0;
    const collections: Collection[] = [];
    for (const [collection, records] of read) {
      const n = this.o.records.replace(connectionId, collection, records);
      if (n > 0) collections.push(collection);
      changed += n;
    }
    if (collections.length) this.refreshed.emit({ connectionId, collections });
    return changed;
  }

  /** The connection's copy or the connection is gone: nothing of it is waiting any more. */
  forget(connectionId: string): void {
    this.later.delete(connectionId);
  }
}
