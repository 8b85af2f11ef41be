// Saved connections (name, address, kind, currency; never keys) and which one is active.
import type { Database, Statement } from 'better-sqlite3';
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

interface Row {
  id: string;
  name: string;
  base_url: string;
  web_origin: string | null;
  kind: ConnectionKind;
  currency: string | null;
  created_at: string;
  updated_at: string;
}

const ACTIVE_KEY = 'activeConnectionId';

function fromRow(row: Row): StoredConnection {
  return {
    id: row.id,
    name: row.name,
    baseUrl: row.base_url,
    webOrigin: row.web_origin,
    kind: row.kind,
    currency: row.currency,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export class ConnectionRepository {
  private readonly selectAll: Statement<[], Row>;
  private readonly selectOne: Statement<[string], Row>;
  private readonly insertRow: Statement<
    [string, string, string, string | null, string, string | null, string, string]
  >;
  private readonly updateRow: Statement<[string, string, string | null, string | null, string, string]>;
  private readonly deleteRow: Statement<[string]>;

  constructor(
    private readonly db: Database,
    private readonly settings: SettingsRepository,
    private readonly now: () => Date,
    /** Deletes what else the store keeps of a connection outside tables that cascade (its offline copy). */
    private readonly forgetData: (id: string) => void,
  ) {
    this.selectAll = db.prepare("SELECT * FROM connections ORDER BY kind = 'remote', created_at, name");
    this.selectOne = db.prepare('SELECT * FROM connections WHERE id = ?');
    this.insertRow = db.prepare(
      'INSERT INTO connections (id, name, base_url, web_origin, kind, currency, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.updateRow = db.prepare(
      'UPDATE connections SET name = ?, base_url = ?, web_origin = ?, currency = ?, updated_at = ? WHERE id = ?',
    );
    this.deleteRow = db.prepare('DELETE FROM connections WHERE id = ?');
  }

  all(): StoredConnection[] {
    return this.selectAll.all().map(fromRow);
  }

  get(id: string): StoredConnection | undefined {
    const row = this.selectOne.get(id);
    return row ? fromRow(row) : undefined;
  }

  insert(row: ConnectionRow): void {
    const at = this.now().toISOString();
    this.insertRow.run(row.id, row.name, row.baseUrl, row.webOrigin, row.kind, row.currency ?? null, at, at);
  }

  /** Returns false when there is no such connection. */
  update(id: string, patch: ConnectionPatch): boolean {
    const current = this.get(id);
    if (!current) return false;
    this.updateRow.run(
      patch.name ?? current.name,
      patch.baseUrl ?? current.baseUrl,
      patch.webOrigin !== undefined ? patch.webOrigin : current.webOrigin,
      patch.currency !== undefined ? patch.currency : current.currency,
      this.now().toISOString(),
      id,
    );
    return true;
  }

  /**
   * Removes the connection, its cached contract, its offline copy and, if it was active, the active
   * choice: together.
   */
  remove(id: string): void {
    this.db.transaction(() => {
      this.forgetData(id);
      this.deleteRow.run(id);
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
}
