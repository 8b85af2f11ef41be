// Main's memory of the records labels are made from, apart per connection: what each listing of a
// collection found (cut down to the fields labels read), when it began, listings under way, and a
// listing that failed. Bounded: a few connections, least recently used dropped first, and a cap on
// the records one connection holds.
import type { Collection, ServiceRecord } from '../../shared/service';

/**
 * Why these numbers. Fresh for 5 minutes: names of properties, units and tenants change seldom, and a
 * screen that asks again within that time costs nothing; after it, the old words are served while one
 * listing refreshes them. A record missing from a fresh listing (added since) or a listing that failed
 * is tried again after 30 seconds at the soonest, so a screen asking on every scroll sends nothing more.
 * Two connections: the one in use and one an export or check still reads (a switch forgets the rest).
 * 50,000 records: the four collections references point into (properties, units, tenants, leases) of
 * an organisation 48 times the demo's, the size the benchmarks use for 100,000 payments; at about
 * 200 bytes a cut-down record that is some 10 MB.
 */
export const LABEL_LIMITS = {
  freshMs: 5 * 60_000,
  retryMs: 30_000,
  connections: 2,
  records: 50_000,
} as const;

export type LabelLimits = { [K in keyof typeof LABEL_LIMITS]: number };

export interface Remembered {
  records: Map<string, ServiceRecord>;
  /** When the listing that found them began, in ms since the epoch. */
  filledAt: number;
  /** Every record of the listing is held; false when the record cap kept only the ones asked for. */
  complete: boolean;
}

export interface Walk {
  done: Promise<void>;
  /** IDs asked for while it runs: kept even when the cap cuts the listing short. */
  wanted: Set<string>;
}

export class ConnectionMemory {
  readonly remembered = new Map<Collection, Remembered>();
  readonly walks = new Map<Collection, Walk>();
  /** The last listing of each collection that failed: when, and why in plain words. */
  readonly failures = new Map<Collection, { at: number; message: string }>();
  /** When each collection's last listing began, so misses do not list it again at once. */
  readonly lastWalkAt = new Map<Collection, number>();
  /** Ends this connection's listings when it is forgotten. */
  readonly controller = new AbortController();

  constructor(readonly signature: string) {}

  /** Records held, not counting a collection about to be replaced. */
  held(except?: Collection): number {
    let n = 0;
    for (const [collection, entry] of this.remembered) if (collection !== except) n += entry.records.size;
    return n;
  }
}

export class LabelMemory {
  private readonly byConnection = new Map<string, ConnectionMemory>();

  constructor(private readonly maxConnections: number) {}

  /** The connection's memory under these label rules; a new one when the rules changed. */
  of(connectionId: string, signature: string): ConnectionMemory {
    let memory = this.byConnection.get(connectionId);
    if (memory && memory.signature !== signature) {
      this.forget(connectionId);
      memory = undefined;
    }
    memory ??= new ConnectionMemory(signature);
    // Most recently used last, so the first is the one to drop.
    this.byConnection.delete(connectionId);
    this.byConnection.set(connectionId, memory);
    for (const [id] of this.byConnection) {
      if (this.byConnection.size <= this.maxConnections) break;
      this.forget(id);
    }
    return memory;
  }

  /** Drops one connection's memory (or every one) and ends its listings. */
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
