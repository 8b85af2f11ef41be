// Keeps the offline copy in step with suggestions a person approved: re-reads the records they
// touched from the service and writes them into the copy, so screens reading the copy show the new
// values without a full update. No copy of a collection, nothing to refresh; a record that cannot be
// read now (offline, the service down) is remembered and read again when the service is back.
import type { Collection, ServiceRecord } from '../../shared/service';
import type { ServiceClient } from '../connections/types';
import { Signal } from '../signal';
import type { OfflineCopyRepository } from '../store/offline-copy/offline-copy-repo';
import type { RecordRef } from '../suggestions/applied-records';

export interface CopyRefreshOptions {
  records: Pick<OfflineCopyRepository, 'hasCopy' | 'replace'>;
  clientFor: (connectionId: string) => ServiceClient;
  log: (message: string, error?: unknown) => void;
}

export interface CopyRefreshed {
  connectionId: string;
  collections: Collection[];
}

const keyOf = (ref: RecordRef) => `${ref.collection}\n${ref.id}`;

export class CopyRefresh {
  /** Records of a connection's copy were rewritten with what the service now holds. */
  readonly refreshed = new Signal<CopyRefreshed>();
  /** Records that could not be read yet, by connection. */
  private readonly later = new Map<string, Map<string, RecordRef>>();

  constructor(private readonly o: CopyRefreshOptions) {}

  /** Re-reads these records into the connection's copy; resolves with how many stored records changed. */
  async refresh(connectionId: string, refs: readonly RecordRef[]): Promise<number> {
    const wanted = refs.filter((r) => this.o.records.hasCopy(connectionId, r.collection));
    if (wanted.length === 0) return 0;
    const client = this.o.clientFor(connectionId);
    const read = new Map<Collection, ServiceRecord[]>();
    const waiting = this.later.get(connectionId) ?? new Map<string, RecordRef>();
    for (const ref of wanted) {
      try {
        const record = await client.get(ref.collection, ref.id);
        read.set(ref.collection, [...(read.get(ref.collection) ?? []), record]);
        waiting.delete(keyOf(ref));
      } catch (error) {
        // A record the service no longer shows is left as the copy has it; the next update settles it.
        if ((error as { code?: unknown }).code === 'not_found') waiting.delete(keyOf(ref));
        else {
          waiting.set(keyOf(ref), ref);
          this.o.log('A record a suggestion changed could not be read into the offline copy yet', error);
        }
      }
    }
    if (waiting.size) this.later.set(connectionId, waiting);
    else this.later.delete(connectionId);
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

  /** Reads what could not be read before (the service is reachable again). */
  async retry(): Promise<void> {
    for (const [connectionId, waiting] of [...this.later])
      await this.refresh(connectionId, [...waiting.values()]);
  }

  /** How many records of a connection wait to be read into its copy. */
  waiting(connectionId: string): number {
    return this.later.get(connectionId)?.size ?? 0;
  }

  /** The connection's copy or the connection is gone: nothing of it is waiting any more. */
  forget(connectionId: string): void {
    this.later.delete(connectionId);
  }
}
