// Labels for references: the words a landlord reads for a record another one points to ("Maple Court ·
// 3B" for a unit), by the shared label rule and the connection's contract. Records come from the
// offline copy when it has the collection (read by ID through its index), else from main's memory of
// earlier reads, filled by reading the records on screen by ID, all at once through the connection's
// scheduler (a screen of leases: its tenants and units, then their properties; two rounds). A
// collection is walked whole instead only where the copy or an earlier listing has shown it to be a
// few pages, since the service gives no counts. Once stale, names are served as they are while the
// records are read again in the background.
import { createLabeller } from '../../shared/contract';
import type { CompiledContract } from '../../shared/contract';
import { labelKey } from '../../shared/label-refs';
import type { LabelAnswer, LabelRef, LabelSource } from '../../shared/label-refs';
import type { Collection, ServiceRecord } from '../../shared/service';
import type { ServiceClient } from '../connections/types';
import type { OfflineReader } from '../offline-copy/offline-reader';
import { UserError, userMessage } from '../base/user-error';
import type { CollectionSizes } from './collection-sizes';
import { listForLabels } from './label-listing';
import { LABEL_LIMITS, LabelMemory } from './label-memory';
import type { ConnectionMemory, LabelLimits } from './label-memory';
import { compact, labelRules, linksOf } from './label-rules';
import type { LabelRules } from './label-rules';
import { collectionWords } from '../../shared/service';

export interface LabelServiceOptions {
  /** The connection's compiled contract: the stored one, else fetched; undefined when none can be had. */
  contract: (connectionId: string) => Promise<CompiledContract | undefined>;
  copy: Pick<OfflineReader, 'byIds'>;
  /** How many records a collection holds, where the copy or a listing read to its end showed it. */
  sizes: Pick<CollectionSizes, 'known' | 'listed' | 'forget'>;
  clientFor: (connectionId: string) => ServiceClient;
  /** The currency a payment's amount is written in. */
  currency: (connectionId: string) => string;
  log: (message: string, error?: unknown) => void;
  now?: () => number;
  limits?: LabelLimits;
}

/** Links followed from an asked-for record: a payment's lease's unit's property is the deepest. */
const LINK_LEVELS = 3;

/**
 * A collection known to fit in this many pages is listed whole when more of its records are wanted
 * than it has pages: fewer requests than reading each by ID, in about as many rounds.
 */
export const WALK_PAGES = 3;
const PAGE = 100;

/**
 * Whose references these are: a screen's (read by ID), or a whole listing's, such as an export's
 * (the collections they point into are listed whole: an export of 15,000 leases names some 16,000
 * tenants, 160 pages listed against 16,000 reads by ID).
 */
export type LabelReading = 'screen' | 'listing';

/** What one answer reads under: the connection, its memory and the label rules of its contract. */
interface Scope {
  connectionId: string;
  memory: ConnectionMemory;
  rules: LabelRules;
  reading: LabelReading;
}

interface Found {
  records: Map<string, ServiceRecord>;
  source: LabelSource;
  asOf?: number;
  problem?: string;
}

function problemText(collection: Collection, error: unknown): string {
  const why = userMessage(error) ?? 'something went wrong while reading them.';
  return `Names of ${collectionWords(collection)} could not be read: ${why}`;
}

export class LabelService {
  private readonly memory: LabelMemory;
  private readonly limits: LabelLimits;
  private readonly now: () => number;

  constructor(private readonly o: LabelServiceOptions) {
    this.limits = o.limits ?? LABEL_LIMITS;
    this.memory = new LabelMemory(this.limits);
    this.now = o.now ?? Date.now;
  }

  /** Labels for these references of a connection's records, and the records their labels name. */
  async resolve(
    connectionId: string,
    refs: readonly LabelRef[],
    reading: LabelReading = 'screen',
  ): Promise<LabelAnswer> {
    const contract = await this.o.contract(connectionId);
    if (!contract)
      throw new UserError(
        'no_contract',
        'PropDesk cannot name records yet: it has not read the service’s contract, which says which fields name them. Connect once while online.',
      );
    const rules = labelRules(contract);
    const scope: Scope = {
      connectionId,
      memory: this.memory.of(connectionId, rules.signature),
      rules,
      reading,
    };
    const read = new Map<Collection, Map<string, ServiceRecord>>();
    const looked = new Set<string>();
    const sources = new Set<LabelSource>();
    const times: number[] = [];
    const problems = new Set<string>();
    let wanted = new Map<Collection, Set<string>>();
    const want = (into: Map<Collection, Set<string>>, collection: Collection, id: string) => {
      const key = labelKey(collection, id);
      if (looked.has(key)) return;
      looked.add(key);
      const ids = into.get(collection);
      if (ids) ids.add(id);
      else into.set(collection, new Set([id]));
    };
    for (const { collection, id } of refs) want(wanted, collection, id);
    for (let level = 0; level <= LINK_LEVELS && wanted.size > 0; level++) {
      const asked = [...wanted];
      const found = await Promise.all(
        asked.map(([collection, ids]) => this.lookup(scope, collection, [...ids])),
      );
      const next = new Map<Collection, Set<string>>();
      found.forEach((f, i) => {
        const collection = asked[i]![0];
        const into = read.get(collection) ?? new Map<string, ServiceRecord>();
        read.set(collection, into);
        for (const [id, record] of f.records) into.set(id, record);
        sources.add(f.source);
        if (f.asOf !== undefined) times.push(f.asOf);
        if (f.problem) problems.add(f.problem);
        for (const record of f.records.values())
          for (const [c, id] of linksOf(rules.plans[collection], record)) want(next, c, id);
      });
      wanted = next;
    }
    const label = createLabeller(rules.plans, (c, id) => read.get(c)?.get(id), {
      currency: this.o.currency(connectionId),
    });
    const labels: Record<string, string> = {};
    for (const { collection, id } of refs) {
      const record = read.get(collection)?.get(id);
      if (record) labels[labelKey(collection, id)] = label(collection, record);
    }
    return {
      labels,
      source: sources.has('service') ? 'service' : sources.has('cache') ? 'cache' : 'copy',
      ...(times.length ? { asOf: new Date(Math.min(...times)).toISOString() } : {}),
      ...(problems.size ? { problems: [...problems] } : {}),
    };
  }

  /** Forgets what was read for one connection (or every one) and ends its reads. */
  forget(connectionId?: string): void {
    this.memory.forget(connectionId);
    this.o.sizes.forget(connectionId);
  }

  /** A listing without filters was read to its end: the collection's size, to decide how to read names. */
  learnSize(connectionId: string, collection: Collection, count: number): void {
    this.o.sizes.listed(connectionId, collection, count);
  }

  /** Records held in memory per connection. */
  held(): Record<string, number> {
    return this.memory.sizes();
  }

  private async lookup(scope: Scope, collection: Collection, ids: string[]): Promise<Found> {
    let damaged: string | undefined;
    try {
      const copy = this.o.copy.byIds(scope.connectionId, collection, ids);
      if (copy) {
        const fromCopy: Found = { records: copy.records, source: 'copy', asOf: Date.parse(copy.asOf) };
        // The copy lacks a record made since it was listed (a colleague's, one a suggestion created):
        // the service is asked before anything calls it not found.
        const lacking = ids.filter((id) => !copy.records.has(id));
        if (lacking.length === 0) return fromCopy;
        const more = await this.fromMemory(scope, collection, lacking);
        return {
          records: new Map([...copy.records, ...more.records]),
          source: more.source === 'service' ? 'service' : 'copy',
          asOf: Math.min(fromCopy.asOf!, more.asOf ?? fromCopy.asOf!),
          ...(more.problem ? { problem: more.problem } : {}),
        };
      }
    } catch (error) {
      // A damaged copy is reported, and the service asked instead.
      damaged = problemText(collection, error);
    }
    const found = await this.fromMemory(scope, collection, ids);
    return damaged ? { ...found, problem: damaged } : found;
  }

  private async fromMemory(scope: Scope, collection: Collection, ids: string[]): Promise<Found> {
    const { memory } = scope;
    const now = this.now();
    const recent = (at: number | undefined) => at !== undefined && now - at < this.limits.retryMs;
    const failed = recent(memory.failures.get(collection)?.at);
    const unread = ids.filter(
      (id) => !memory.get(collection, id) && !recent(memory.missing.get(labelKey(collection, id))),
    );
    const stale = ids.filter((id) => {
      const held = memory.get(collection, id);
      return held !== undefined && now - held.at >= this.limits.freshMs;
    });
    let source: LabelSource = 'cache';
    if (unread.length > 0 && !failed) {
      source = 'service';
      // A failure is remembered with its reason, reported below.
      await (this.walkable(scope, collection, unread.length)
        ? this.walk(scope, collection, unread).then((unmet) =>
            this.readByIds(scope, collection, unmet, 'interactive'),
          )
        : this.readByIds(scope, collection, unread, 'interactive'));
    }
    if (stale.length > 0 && !failed)
      void this.readByIds(scope, collection, stale, 'background').catch(() => undefined);
    const records = new Map<string, ServiceRecord>();
    let oldest: number | undefined;
    for (const id of ids) {
      const held = memory.get(collection, id);
      if (!held) continue;
      records.set(id, held.record);
      oldest = Math.min(oldest ?? held.at, held.at);
    }
    const failure = memory.failures.get(collection);
    return {
      records,
      source,
      ...(oldest !== undefined ? { asOf: oldest } : {}),
      ...(failure && recent(failure.at) ? { problem: failure.message } : {}),
    };
  }

  /**
   * Whether to list the collection rather than read `wanted` of its records by ID: for a whole
   * listing's references, or where it is known to be so short that listing it takes fewer requests.
   */
  private walkable({ connectionId, reading }: Scope, collection: Collection, wanted: number): boolean {
    if (reading === 'listing') return true;
    const size = this.o.sizes.known(connectionId, collection);
    if (size === undefined) return false;
    const pages = Math.max(1, Math.ceil(size / PAGE));
    return pages <= WALK_PAGES && wanted > pages;
  }

  /**
   * Reads these records by ID, all at once (the scheduler decides how many are in flight), joining
   * reads of the same records already under way. Never throws: a failure is remembered with its
   * reason for the collection, a record the service does not have as missing.
   */
  private async readByIds(
    { connectionId, memory, rules }: Scope,
    collection: Collection,
    ids: readonly string[],
    priority: 'interactive' | 'background',
  ): Promise<void> {
    const startedAt = this.now();
    const fields = rules.fields[collection];
    let client: ServiceClient;
    try {
      client = this.o.clientFor(connectionId);
    } catch (error) {
      memory.failures.set(collection, { at: this.now(), message: problemText(collection, error) });
      return;
    }
    await Promise.all(
      ids.map((id) => {
        const key = labelKey(collection, id);
        const running = memory.reading.get(key);
        if (running) return running;
        const read = client
          .get(collection, id, { priority, signal: memory.controller.signal })
          .then(
            (record) => {
              // Only the record asked for names this ID; any other answer is left out.
              if (record.id === id) return memory.keep(collection, compact(record, fields), startedAt);
              this.o.log(
                `A name was read for ${collectionWords(collection)} ${id} and another record came back`,
              );
              memory.failures.set(collection, {
                at: this.now(),
                message: `The service answered for another record than ${collectionWords(collection)} ${id}.`,
              });
            },
            (error: unknown) => {
              if (memory.controller.signal.aborted) return;
              if ((error as { code?: unknown }).code === 'not_found') memory.missing.set(key, this.now());
              else
                memory.failures.set(collection, { at: this.now(), message: problemText(collection, error) });
            },
          )
          .finally(() => memory.reading.delete(key));
        memory.reading.set(key, read);
        return read;
      }),
    );
  }

  /**
   * Lists a collection whole; at most one listing of it at a time, which an answer asking for more of
   * its records joins. Past the connection's record cap only the records asked for are kept. Resolves
   * with the IDs asked for that the listing did not meet: a listing promises no skips only while
   * records are added, so only a read by ID may say one is not found.
   */
  private async walk(
    { connectionId, memory, rules }: Scope,
    collection: Collection,
    ids: readonly string[],
  ): Promise<string[]> {
    const asked = this.now();
    // A listing that failed says why for the collection; its records are not read one by one then.
    const unmet = () =>
      (memory.failures.get(collection)?.at ?? -1) >= asked
        ? []
        : ids.filter((id) => !memory.get(collection, id));
    const running = memory.walks.get(collection);
    if (running) {
      for (const id of ids) running.wanted.add(id);
      await running.done;
      return unmet();
    }
    const startedAt = this.now();
    const wanted = new Set(ids);
    const done = (async () => {
      try {
        const listed = await listForLabels({
          client: this.o.clientFor(connectionId),
          collection,
          fields: rules.fields[collection],
          wanted,
          budget: Math.max(0, this.limits.records - memory.held()),
          signal: memory.controller.signal,
        });
        for (const record of listed.records.values()) memory.keep(collection, record, startedAt);
        if (listed.complete) this.o.sizes.listed(connectionId, collection, listed.records.size);
        memory.failures.delete(collection);
      } catch (error) {
        if (!memory.controller.signal.aborted)
          memory.failures.set(collection, { at: this.now(), message: problemText(collection, error) });
      } finally {
        memory.walks.delete(collection);
      }
    })();
    memory.walks.set(collection, { done, wanted });
    await done;
    return unmet();
  }
}
