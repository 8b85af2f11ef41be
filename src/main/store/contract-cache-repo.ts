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

interface Of {
  connectionId: string;
}

export class ContractCacheRepository {
  private readonly selectOne: Statement<[Of], CachedContract>;
  private readonly selectHash: Statement<[Of], string>;
  private readonly upsert: Statement<[Of & CachedContract]>;
  private readonly remove: Statement<[Of]>;

  constructor(db: Database) {
    this.selectOne = db.prepare(
      'SELECT json, hash, fetched_at AS fetchedAt FROM contract_cache WHERE connection_id = @connectionId',
    );
    this.selectHash = db
      .prepare<Of, string>('SELECT hash FROM contract_cache WHERE connection_id = @connectionId')
      .pluck();
    this.upsert = db.prepare(
      `INSERT INTO contract_cache (connection_id, json, hash, fetched_at)
       VALUES (@connectionId, @json, @hash, @fetchedAt)
       ON CONFLICT(connection_id) DO UPDATE SET json = excluded.json, hash = excluded.hash, fetched_at = excluded.fetched_at`,
    );
    this.remove = db.prepare('DELETE FROM contract_cache WHERE connection_id = @connectionId');
  }

  get(connectionId: string): CachedContract | undefined {
    const row = this.selectOne.get({ connectionId });
    if (!row) return undefined;
    if (sha256Hex(row.json) !== row.hash) {
      this.remove.run({ connectionId });
      return undefined;
    }
    return row;
  }

  /** The stored hash alone, unchecked: a cheap way to tell whether the cached contract changed. */
  hash(connectionId: string): string | undefined {
    return this.selectHash.get({ connectionId });
  }

  /** The hash must be the sha256 of exactly this JSON text; a mismatch is a caller's bug. */
  put(connectionId: string, contract: CachedContract): void {
    if (sha256Hex(contract.json) !== contract.hash)
      throw new Error('The contract hash does not match its JSON text');
    const { json, hash, fetchedAt } = contract;
    this.upsert.run({ connectionId, json, hash, fetchedAt });
  }

  delete(connectionId: string): void {
    this.remove.run({ connectionId });
  }
}
