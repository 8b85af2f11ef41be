// Labels for references: the words a landlord reads for a record another one points to ("Maple Court ·
// 3B" for a unit), by the shared label rule and the connection's contract. Records come from the
// offline copy when it has the collection (read by ID through its index), else from main's memory of
// earlier listings, filled by listing the referenced collections whole (never one request per record)
// and, once stale, served as they are while one listing refreshes them in the background.
import { createLabeller } from '../../shared/contract';
import type { CompiledContract } from '../../shared/contract';
import { labelKey } from '../../shared/label-refs';
import type { LabelAnswer, LabelRef, LabelSource } from '../../shared/label-refs';
import type { Collection, ServiceRecord } from '../../shared/service';
import type { ServiceClient } from '../connections/types';
import type { OfflineReader } from '../offline-copy/offline-reader';
import { UserError, userMessage } from '../base/user-error';
import { listForLabels } from './label-listing';
import { LABEL_LIMITS, LabelMemory } from './label-memory';
import type { ConnectionMemory, LabelLimits } from './label-memory';
import { labelRules, linksOf } from './label-rules';
import type { LabelRules } from './label-rules';

export interface LabelServiceOptions {
  /** The connection's compiled contract: the stored one, else fetched; undefined when none can be had. */
  contract: (connectionId: string) => Promise<CompiledContract | undefined>;
  copy: Pick<OfflineReader, 'byIds'>;
  clientFor: (connectionId: string) => ServiceClient;
  /** The currency a payment's amount is written in. */
  currency: (connectionId: string) => string;
  log: (message: string, error?: unknown) => void;
  now?: () => number;
  limits?: LabelLimits;
}

/** Links followed from an asked-for record: a payment's lease's unit's property is the deepest. */
const LINK_LEVELS = 3;

/** What one answer reads under: the connection, its memory and the label rules of its contract. */
interface Scope {
  connectionId: string;
  memory: ConnectionMemory;
  rules: LabelRules;
}

interface Found {
  records: Map<string, ServiceRecord>;
  source: LabelSource;
  asOf?: number;
  problem?: string;
}

const words = (collection: Collection) => collection.replace(/_/g, ' ');

function problemText(collection: Collection, error: unknown): string {
  const why = userMessage(error) ?? 'something went wrong while reading them.';
  return `Names of ${words(collection)} could not be read: ${why}`;
}

export class LabelService {
  private readonly memory: LabelMemory;
  private readonly limits: LabelLimits;
  private readonly now: () => number;

  constructor(private readonly o: LabelServiceOptions) {
    this.limits = o.limits ?? LABEL_LIMITS;
    this.memory = new LabelMemory(this.limits.connections);
    this.now = o.now ?? Date.now;
  }

  /** Labels for these references of a connection's records, and the records their labels name. */
  async resolve(connectionId: string, refs: readonly LabelRef[]): Promise<LabelAnswer> {
    const contract = await this.o.contract(connectionId);
    if (!contract)
      throw new UserError(
        'no_contract',
        'PropDesk cannot name records yet: it has not read the service’s contract, which says which fields name them. Connect once while online.',
      );
    const rules = labelRules(contract);
    const scope: Scope = { connectionId, memory: this.memory.of(connectionId, rules.signature), rules };
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

  /** Forgets what was listed for one connection (or every one) and ends its listings. */
  forget(connectionId?: string): void {
    this.memory.forget(connectionId);
  }

  /** Records held in memory per connection. */
  held(): Record<string, number> {
    return this.memory.sizes();
  }

  private async lookup(scope: Scope, collection: Collection, ids: string[]): Promise<Found> {
    let damaged: string | undefined;
    try {
      const copy = this.o.copy.byIds(scope.connectionId, collection, ids);
      if (copy) return { records: copy.records, source: 'copy', asOf: Date.parse(copy.asOf) };
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
    const entry = memory.remembered.get(collection);
    const failed = recent(memory.failures.get(collection)?.at);
    const missing = ids.filter((id) => !entry?.records.has(id));
    let source: LabelSource = 'cache';
    // Records not held are waited for: when nothing is held yet, when a listing is under way anyway,
    // or when the last listing is not so recent that they would surely be missing again.
    const listNow = !entry || memory.walks.has(collection) || !recent(memory.lastWalkAt.get(collection));
    if (missing.length > 0 && !failed && listNow) {
      source = 'service';
      // A failure is remembered with its reason, reported below.
      await this.listing(scope, collection, missing).catch(() => undefined);
    } else if (entry && now - entry.filledAt >= this.limits.freshMs && !failed) {
      this.listing(scope, collection, []).catch((error: unknown) => {
        if (!memory.controller.signal.aborted)
          this.o.log(`Refreshing names of ${words(collection)} failed`, error);
      });
    }
    const current = memory.remembered.get(collection);
    const records = new Map<string, ServiceRecord>();
    for (const id of ids) {
      const record = current?.records.get(id);
      if (record) records.set(id, record);
    }
    const failure = memory.failures.get(collection);
    return {
      records,
      source,
      ...(current ? { asOf: current.filledAt } : {}),
      ...(failure && recent(failure.at) ? { problem: failure.message } : {}),
    };
  }

  /** Lists the collection for labels, or joins the listing under way; at most one per collection. */
  private listing(
    { connectionId, memory, rules }: Scope,
    collection: Collection,
    ids: readonly string[],
  ): Promise<void> {
    const running = memory.walks.get(collection);
    if (running) {
      for (const id of ids) running.wanted.add(id);
      return running.done;
    }
    const wanted = new Set(ids);
    // A listing the cap cut short keeps, next time too, the records asked for before.
    const before = memory.remembered.get(collection);
    if (before && !before.complete) for (const id of before.records.keys()) wanted.add(id);
    const startedAt = this.now();
    memory.lastWalkAt.set(collection, startedAt);
    const done = (async () => {
      try {
        const listed = await listForLabels({
          client: this.o.clientFor(connectionId),
          collection,
          fields: rules.fields[collection],
          wanted,
          budget: Math.max(0, this.limits.records - memory.held(collection)),
          signal: memory.controller.signal,
        });
        // Listings of other collections may have ended meanwhile: the cap holds after all of them.
        if (memory.held(collection) + listed.records.size > this.limits.records) {
          for (const id of listed.records.keys()) if (!wanted.has(id)) listed.records.delete(id);
          listed.complete = false;
        }
        memory.remembered.set(collection, { ...listed, filledAt: startedAt });
        memory.failures.delete(collection);
      } catch (error) {
        if (!memory.controller.signal.aborted)
          memory.failures.set(collection, { at: this.now(), message: problemText(collection, error) });
        throw error;
      } finally {
        memory.walks.delete(collection);
      }
    })();
    memory.walks.set(collection, { done, wanted });
    return done;
  }
}
