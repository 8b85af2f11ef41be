// Main's memory of the records labels are made from, apart per connection: each record read (cut down
// to the fields labels read) with when it was read, the IDs the service said do not exist, reads and
// listings under way, and a collection whose reads failed. Bounded: a few connections, least recently
// used dropped first, and a cap on the records one connection holds (the least recently read go).
import { setMaxListeners } from 'node:events';
import type { Collection, ServiceRecord } from '../../shared/service';
import { labelKey } from '../../shared/label-refs';

/**
 * Why these numbers. Fresh for 5 minutes: names of properties, units and tenants change seldom, and a
 * screen that asks again within that time costs nothing; after it, the old words are served while
 * the records on screen are read again in the background. A record the service said does not exist,
 * or a collection whose reads failed, is asked again after 30 seconds at the soonest, so a screen
 * asking on every scroll sends nothing more. Two connections: the one in use and one an export or
 * check still reads (a switch forgets the rest). 50,000 records: the four collections references point
 * into (properties, units, tenants, leases) of an organisation 48 times the demo's, the size the
 * benchmarks use for 100,000 payments; at about 200 bytes a cut-down record that is some 10 MB.
 */
export const LABEL_LIMITS = {
  freshMs: 5 * 60_000,
  retryMs: 30_000,
  connections: 2,
  records: 50_000,
} as const;

export type LabelLimits = { [K in keyof typeof LABEL_LIMITS]: number };

export interface Held {
  record: ServiceRecord;
  /** When the read that found it began, in ms since the epoch. */
  at: number;
}

export class ConnectionMemory {
  /** Records by label key, least recently read first. */
  private readonly records = new Map<string, Held>();
  /** IDs the service said it does not have, by label key, with when it said so. */
  readonly missing = new Map<string, number>();
  /** Reads by ID under way, by label key: a second screen asking joins them. */
  readonly reading = new Map<string, Promise<void>>();
  /** Whole listings under way, with the IDs asked for meanwhile (kept even past the record cap). */
  readonly walks = new Map<Collection, { done: Promise<void>; wanted: Set<string> }>();
  /** The last failed read of each collection: when, and why in plain words. */
  readonly failures = new Map<Collection, { at: number; message: string }>();
  /** Ends this connection's reads when it is forgotten. */
  readonly controller = new AbortController();

  constructor(
    readonly signature: string,
    private readonly cap: number,
  ) {
    // Every read of a screen's names listens to it: a hundred at once is normal.
    setMaxListeners(0, this.controller.signal);
  }

  get(collection: Collection, id: string): Held | undefined {
    return this.records.get(labelKey(collection, id));
  }

  /** Keeps a record read at `at`; past the cap, the least recently read ones go. */
  keep(collection: Collection, record: ServiceRecord, at: number): void {
    const key = labelKey(collection, record.id);
    this.records.delete(key);
    this.records.set(key, { record, at });
    this.missing.delete(key);
    for (const oldest of this.records.keys()) {
      if (this.records.size <= this.cap) break;
      this.records.delete(oldest);
    }
  }

  held(): number {
    return this.records.size;
  }
}

export class LabelMemory {
  private readonly byConnection = new Map<string, ConnectionMemory>();

  constructor(private readonly limits: Pick<LabelLimits, 'connections' | 'records'>) {}

  /** The connection's memory under these label rules; a new one when the rules changed. */
  of(connectionId: string, signature: string): ConnectionMemory {
    let memory = this.byConnection.get(connectionId);
    if (memory && memory.signature !== signature) {
      this.forget(connectionId);
      memory = undefined;
    }
    memory ??= new ConnectionMemory(signature, this.limits.records);
    // Most recently used last, so the first is the one to drop.
    this.byConnection.delete(connectionId);
    this.byConnection.set(connectionId, memory);
    for (const [id] of this.byConnection) {
      if (this.byConnection.size <= this.limits.connections) break;
      this.forget(id);
    }
    return memory;
  }

  /** Drops one connection's memory (or every one) and ends its reads. */
  forget(connectionId?: string): void {
    const ids = connectionId === undefined ? [...this.byConnection.keys()] : [connectionId];
    for (const id of ids) {
      this.byConnection.get(id)?.controller.abort();
      this.byConnection.delete(id);
    }
  }

  /** Records held per connection, for tests and the benchmark. */
  sizes(): Record<string, number> {
    return Object.fromEntries([...this.byConnection].map(([id, m]) => [id, m.held()]));
  }
}
