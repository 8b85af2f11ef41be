// The service's contract (openapi.json) for the active connection: fetched from the service, cached in
// the store with its hash and fetch time, and served from the cache when the service cannot be reached.
import { createHash } from 'node:crypto';

import type { CachedContract } from '../store/contract-cache-repo';

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

export class ContractService {
  private readonly memory = new Map<string, ContractAnswer>();

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
      this.cache.put(connectionId, { json, hash, fetchedAt });
      const answer: ContractAnswer = { doc, hash, fetchedAt, source: 'network' };
      this.memory.set(connectionId, answer);
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

  forget(connectionId?: string): void {
    if (connectionId) this.memory.delete(connectionId);
    else this.memory.clear();
  }
}
