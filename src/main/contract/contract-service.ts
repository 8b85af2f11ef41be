// The service's contract (openapi.json) for the active connection: fetched from the service, cached in
// the store with its hash and fetch time, and served from the cache when the service cannot be reached.
import { createHash } from 'node:crypto';
import { compileContract } from '../../shared/contract';
import type { CompiledContract } from '../../shared/contract';

import type { CachedContract } from '../store/contract-cache-repo';
import { Signal } from '../signal';

export interface ContractCacheRepo {
  get(connectionId: string): CachedContract | undefined;
  put(connectionId: string, contract: CachedContract): void;
}

export interface ContractAnswer {
  doc: unknown;
  hash: string;
  fetchedAt: string;
  source: 'network' | 'cache';
}

/** The service's contract changed since PropDesk last stored it. */
export interface ContractChange {
  connectionId: string;
  previous: { doc: unknown; hash: string };
  next: { doc: unknown; hash: string };
}

const COMPILED_KEPT = 4;

export class ContractService {
  readonly changed = new Signal<ContractChange>();
  private readonly memory = new Map<string, ContractAnswer>();
  /** Compiled contracts by hash; null when a contract could not be compiled. */
  private readonly compiledByHash = new Map<string, CompiledContract | null>();

  constructor(
    private readonly cache: ContractCacheRepo,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Network first (the contract reflects the live service), the cache when that fails. */
  async get(
    connectionId: string,
    fetchDoc: () => Promise<unknown>,
    options: { refresh?: boolean } = {},
  ): Promise<ContractAnswer> {
    const remembered = this.memory.get(connectionId);
    if (remembered && !options.refresh) return remembered;
    try {
      const doc = await fetchDoc();
      const json = JSON.stringify(doc);
      const hash = createHash('sha256').update(json).digest('hex');
      const fetchedAt = this.now().toISOString();
      const previous = this.cache.get(connectionId);
      this.cache.put(connectionId, { json, hash, fetchedAt });
      const answer: ContractAnswer = { doc, hash, fetchedAt, source: 'network' };
      this.memory.set(connectionId, answer);
      if (previous && previous.hash !== hash) this.reportChange(connectionId, previous, answer);
      return answer;
    } catch (error) {
      const cached = this.cache.get(connectionId);
      if (!cached) throw error;
      const answer: ContractAnswer = {
        doc: JSON.parse(cached.json) as unknown,
        hash: cached.hash,
        fetchedAt: cached.fetchedAt,
        source: 'cache',
      };
      this.memory.set(connectionId, answer);
      return answer;
    }
  }

  private reportChange(connectionId: string, previous: CachedContract, next: ContractAnswer): void {
    try {
      this.changed.emit({
        connectionId,
        previous: { doc: JSON.parse(previous.json) as unknown, hash: previous.hash },
        next,
      });
    } catch {
      // A listener's failure must not make the new contract unusable.
    }
  }

  /** What is known without asking the network: this run's answer, else the stored copy. */
  cached(connectionId: string): ContractAnswer | undefined {
    const remembered = this.memory.get(connectionId);
    if (remembered) return remembered;
    const stored = this.cache.get(connectionId);
    if (!stored) return undefined;
    try {
      return {
        doc: JSON.parse(stored.json) as unknown,
        hash: stored.hash,
        fetchedAt: stored.fetchedAt,
        source: 'cache',
      };
    } catch {
      return undefined;
    }
  }

  /** The contract compiled for checks and views, once per version; undefined if it cannot be. */
  compile(answer: { doc: unknown; hash: string }): CompiledContract | undefined {
    let compiled = this.compiledByHash.get(answer.hash);
    if (compiled === undefined) {
      try {
        compiled = compileContract(answer.doc);
      } catch {
        compiled = null;
      }
      this.compiledByHash.set(answer.hash, compiled);
      // A handful of versions at most: one per connection in use, and the one just replaced.
      for (const key of this.compiledByHash.keys()) {
        if (this.compiledByHash.size <= COMPILED_KEPT) break;
        this.compiledByHash.delete(key);
      }
    }
    return compiled ?? undefined;
  }

  /** The compiled contract known without asking the network. */
  compiledCached(connectionId: string): CompiledContract | undefined {
    const answer = this.cached(connectionId);
    return answer ? this.compile(answer) : undefined;
  }

  forget(connectionId?: string): void {
    if (connectionId) this.memory.delete(connectionId);
    else this.memory.clear();
  }
}
