// "Since you last looked", for the connection in use: the digest of what changed at the service since
// the landlord's mark, counted per kind (however many thousands), the records behind one line a page
// at a time, and "Mark as seen". A first complete copy sets the mark and tells of nothing; the mark
// is kept in the database, so it holds across restarts. New urgent maintenance is announced once for
// a desktop notification, and never again for the same request.
import { plural } from '../../shared/plural';
import { SINCE_DECIDED_SHOWN, SINCE_KINDS } from '../../shared/since';
import type { SinceDigest, SinceRecordKind, SinceRecords } from '../../shared/since';
import { Signal } from '../signal';
import type { SinceRepository } from '../store/since-repo';
import { sinceChanges } from './since-changes';
import type { SinceFound, SinceSources } from './since-changes';

export interface SinceServiceOptions extends SinceSources {
  since: SinceRepository;
  activeId: () => string;
  now: () => Date;
}

/** The words of the one desktop notification about new urgent maintenance. */
export interface UrgentNotice {
  connectionId: string;
  title: string;
  body: string;
}

export class SinceService {
  /** Urgent maintenance came in that no notification has told of yet. */
  readonly urgent = new Signal<UrgentNotice>();
  /** The digest moved (the mark, or a first mark): Today reads it again. */
  readonly changed = new Signal<{ connectionId: string }>();

  constructor(private readonly o: SinceServiceOptions) {}

  /** What changed since the mark, counted per kind, with the decided suggestions named. */
  digest(connectionId = this.o.activeId()): SinceDigest {
    const asOf = this.o.now().toISOString();
    const markedAt = this.o.since.markedAt(connectionId);
    const found = this.found(connectionId, asOf);
    const count = (kind: (typeof SINCE_KINDS)[number]) =>
      kind === 'suggestions_decided' ? found.decided.length : (found.records.get(kind)?.length ?? 0);
    return {
      connectionId,
      markedAt,
      asOf,
      lines: SINCE_KINDS.filter((kind) => count(kind) > 0).map((kind) => ({
        kind,
        count: count(kind),
        urgent: kind === 'maintenance_opened' ? found.urgent.size : 0,
      })),
      decided: found.decided.slice(0, SINCE_DECIDED_SHOWN),
      waiting: markedAt === null ? 0 : this.o.since.unsettledCount(connectionId),
    };
  }

  /** A page of the records behind one line, in the line's order. */
  records(kind: SinceRecordKind, offset: number, limit: number): SinceRecords {
    const connectionId = this.o.activeId();
    const all = this.found(connectionId, this.o.now().toISOString()).records.get(kind) ?? [];
    return { kind, total: all.length, offset, records: all.slice(offset, offset + limit) };
  }

  /**
   * "Mark as seen" up to the digest the landlord saw (`upTo`, never later than now): what was told
   * then is forgotten, and what landed after stays to be told.
   */
  seen(upTo: string): SinceDigest {
    const connectionId = this.o.activeId();
    const now = this.o.now().toISOString();
    this.o.since.seen(connectionId, upTo < now ? new Date(upTo).toISOString() : now);
    this.changed.emit({ connectionId });
    return this.digest(connectionId);
  }

  /** An update of the copy ended whole: a connection with no mark yet gets one now (nothing to tell). */
  copyComplete(connectionId: string): void {
    if (this.o.since.markedAt(connectionId) !== null) return;
    this.o.since.setMark(connectionId, this.o.now().toISOString());
    this.changed.emit({ connectionId });
  }

  /** Maintenance landed in the copy: urgent requests newly open and never told of are announced once. */
  maintenanceLanded(connectionId: string): void {
    if (this.o.since.markedAt(connectionId) === null) return;
    const told = this.o.since.told(connectionId);
    const fresh = [...this.found(connectionId, this.o.now().toISOString()).urgent].filter(
      (id) => !told.has(id),
    );
    if (!fresh.length) return;
    this.o.since.tell(connectionId, fresh);
    this.urgent.emit({
      connectionId,
      title: `Urgent maintenance: ${plural(fresh.length, 'new request')}`,
      body: `${plural(fresh.length, 'urgent maintenance request')} came in since you last looked. Today lists ${fresh.length === 1 ? 'it' : 'them'} under “Since you last looked”.`,
    });
  }

  private found(connectionId: string, asOf: string): SinceFound {
    const markedAt = this.o.since.markedAt(connectionId);
    if (markedAt === null) return { records: new Map(), urgent: new Set(), decided: [] };
    return sinceChanges(this.o, connectionId, this.o.since.changes(connectionId), {
      markedAt,
      now: new Date(asOf),
    });
  }
}
