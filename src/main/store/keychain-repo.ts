// What the OS keychain refused, remembered across restarts (never a key): per keychain account, a
// write it refused (the key was kept for that session only, and the keychain's older value for the
// account must never be read), a delete it refused (to try again), or a key of an earlier PropDesk
// waiting to move to its server's account. The one writer of keychain_pending, and of keys_to_confirm
// (connections whose key an earlier PropDesk kept, to be confirmed once by the user).
import type { Database } from 'better-sqlite3';

export type KeychainOperation = 'write' | 'delete' | 'move';

export interface PendingKeychainWork {
  account: string;
  connectionId: string;
  operation: KeychainOperation;
  since: string;
}

const COLUMNS = 'account, connection_id AS connectionId, operation, since';

export class KeychainRepository {
  private readonly sql;

  constructor(
    db: Database,
    private readonly now: () => Date,
  ) {
    this.sql = {
      all: db.prepare<[], PendingKeychainWork>(`SELECT ${COLUMNS} FROM keychain_pending ORDER BY since`),
      one: db.prepare<{ account: string }, PendingKeychainWork>(
        `SELECT ${COLUMNS} FROM keychain_pending WHERE account = @account`,
      ),
      record: db.prepare<{ account: string; connectionId: string; operation: KeychainOperation; at: string }>(
        `INSERT INTO keychain_pending (account, connection_id, operation, since)
         VALUES (@account, @connectionId, @operation, @at)
         ON CONFLICT(account) DO UPDATE SET operation = excluded.operation, since = excluded.since`,
      ),
      clear: db.prepare<{ account: string }>('DELETE FROM keychain_pending WHERE account = @account'),
      toConfirm: db
        .prepare<[], string>('SELECT connection_id FROM keys_to_confirm ORDER BY since, connection_id')
        .pluck(),
      confirmed: db.prepare<{ connectionId: string }>(
        'DELETE FROM keys_to_confirm WHERE connection_id = @connectionId',
      ),
    };
  }

  pending(): PendingKeychainWork[] {
    return this.sql.all.all();
  }

  of(account: string): PendingKeychainWork | undefined {
    return this.sql.one.get({ account });
  }

  record(account: string, connectionId: string, operation: KeychainOperation): void {
    this.sql.record.run({ account, connectionId, operation, at: this.now().toISOString() });
  }

  clear(account: string): void {
    this.sql.clear.run({ account });
  }

  /** Connections whose key an earlier PropDesk kept, not yet confirmed by the user. */
  keysToConfirm(): string[] {
    return this.sql.toConfirm.all();
  }

  /** The user answered for the connection's key: it is not asked again. */
  keyConfirmed(connectionId: string): void {
    this.sql.confirmed.run({ connectionId });
  }
}
