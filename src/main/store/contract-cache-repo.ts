// The last contract (openapi.json) fetched per connection, for offline use. The stored hash is
// checked on read, so a damaged cache row is dropped and refetched instead of being trusted.
import { createHash } from 'node:crypto';
import type { Database, Statement } from 'better-sqlite3';

export interface CachedContract {
  json: string;
  hash: string;
  fetchedAt: string;
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export class ContractCacheRepository {
  private readonly selectOne: Statement<[string], { json: string; hash: string; fetched_at: string }>;
  private readonly selectHash: Statement<[string], { hash: string }>;
  private readonly upsert: Statement<[string, string, string, string]>;
  private readonly remove: Statement<[string]>;

  constructor(db: Database) {
    this.selectOne = db.prepare('SELECT json, hash, fetched_at FROM contract_cache WHERE connection_id = ?');
    this.selectHash = db.prepare('SELECT hash FROM contract_cache WHERE connection_id = ?');
    this.upsert = db.prepare(
      `INSERT INTO contract_cache (connection_id, json, hash, fetched_at) VALUES (?, ?, ?, ?)
       ON CONFLICT(connection_id) DO UPDATE SET json = excluded.json, hash = excluded.hash, fetched_at = excluded.fetched_at`,
    );
    this.remove = db.prepare('DELETE FROM contract_cache WHERE connection_id = ?');
  }

  get(connectionId: string): CachedContract | undefined {
    const row = this.selectOne.get(connectionId);
    if (!row) return undefined;
    if (sha256Hex(row.json) !== row.hash) {
      this.remove.run(connectionId);
      return undefined;
    }
    return { json: row.json, hash: row.hash, fetchedAt: row.fetched_at };
  }

  /** The stored hash alone, unchecked: a cheap way to tell whether the cached contract changed. */
  hash(connectionId: string): string | undefined {
    return this.selectHash.get(connectionId)?.hash;
  }

  /** The hash must be the sha256 of exactly this JSON text; a mismatch is a caller's bug. */
  put(connectionId: string, contract: CachedContract): void {
    if (sha256Hex(contract.json) !== contract.hash)
      throw new Error('The contract hash does not match its JSON text');
    this.upsert.run(connectionId, contract.json, contract.hash, contract.fetchedAt);
  }

  delete(connectionId: string): void {
    this.remove.run(connectionId);
  }
}
