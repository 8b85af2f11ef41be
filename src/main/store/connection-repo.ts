// Saved connections (name, address, kind, currency; never keys) and which one is active.
import type { Database } from 'better-sqlite3';
import type { SettingsRepository } from './settings-repo';

export type ConnectionKind = 'demo' | 'remote';

export interface ConnectionRow {
  id: string;
  name: string;
  baseUrl: string;
  webOrigin: string | null;
  kind: ConnectionKind;
  /** ISO 4217 code chosen for the service's amounts; null or absent: the computer's region decides. */
  currency?: string | null;
}

export interface StoredConnection extends ConnectionRow {
  currency: string | null;
  createdAt: string;
  updatedAt: string;
}

export type ConnectionPatch = Partial<Pick<ConnectionRow, 'name' | 'baseUrl' | 'webOrigin' | 'currency'>>;

const ACTIVE_KEY = 'activeConnectionId';

/** The columns of a connection as StoredConnection names them. */
const COLUMNS = `id, name, base_url AS baseUrl, web_origin AS webOrigin, kind, currency, created_at AS createdAt,
  updated_at AS updatedAt`;

interface Changes {
  id: string;
  name: string;
  baseUrl: string;
  webOrigin: string | null;
  currency: string | null;
  at: string;
}

function prepareStatements(db: Database) {
  return {
    all: db.prepare<[], StoredConnection>(
      `SELECT ${COLUMNS} FROM connections ORDER BY kind = 'remote', created_at, name`,
    ),
    one: db.prepare<{ id: string }, StoredConnection>(`SELECT ${COLUMNS} FROM connections WHERE id = @id`),
    insert: db.prepare<Changes & { kind: ConnectionKind }>(
      `INSERT INTO connections (id, name, base_url, web_origin, kind, currency, created_at, updated_at)
       VALUES (@id, @name, @baseUrl, @webOrigin, @kind, @currency, @at, @at)`,
    ),
    update: db.prepare<Changes>(
      `UPDATE connections SET name = @name, base_url = @baseUrl, web_origin = @webOrigin, currency = @currency,
         updated_at = @at
       WHERE id = @id`,
    ),
    delete: db.prepare<{ id: string }>('DELETE FROM connections WHERE id = @id'),
  };
}

export class ConnectionRepository {
  private readonly sql: ReturnType<typeof prepareStatements>;

  constructor(
    private readonly db: Database,
    private readonly settings: SettingsRepository,
    private readonly now: () => Date,
  ) {
    this.sql = prepareStatements(db);
  }

  all(): StoredConnection[] {
    return this.sql.all.all();
  }

  get(id: string): StoredConnection | undefined {
    return this.sql.one.get({ id });
  }

  insert(row: ConnectionRow): void {
    const { id, name, baseUrl, webOrigin, kind } = row;
    this.sql.insert.run({
      id,
      name,
      baseUrl,
      webOrigin,
      kind,
      currency: row.currency ?? null,
      at: this.stamp(),
    });
  }

  /** Returns false when there is no such connection. */
  update(id: string, patch: ConnectionPatch): boolean {
    const current = this.get(id);
    if (!current) return false;
    this.sql.update.run({
      id,
      name: patch.name ?? current.name,
      baseUrl: patch.baseUrl ?? current.baseUrl,
      webOrigin: patch.webOrigin !== undefined ? patch.webOrigin : current.webOrigin,
      currency: patch.currency !== undefined ? patch.currency : current.currency,
      at: this.stamp(),
    });
    return true;
  }

  /**
   * Deletes the connection's row (its cached contract, drafts, outbox and suggestions cascade) and, if
   * it was active, the active choice. Removing a connection is the store's unit of work
   * (Store.removeConnection), which also deletes its offline copy in the same transaction.
   */
  remove(id: string): void {
    this.db.transaction(() => {
      this.sql.delete.run({ id });
      if (this.activeId() === id) this.settings.delete(ACTIVE_KEY);
    })();
  }

  activeId(): string | null {
    const value = this.settings.get(ACTIVE_KEY);
    return typeof value === 'string' ? value : null;
  }

  setActiveId(id: string | null): void {
    if (id === null) this.settings.delete(ACTIVE_KEY);
    else this.settings.set(ACTIVE_KEY, id);
  }

  private stamp(): string {
    return this.now().toISOString();
  }
}
