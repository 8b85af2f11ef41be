// Suggestions the service refused because the connection's key lacks a permission, per connection and
// record type, and the one writer of their table: noted with the refusal (in the outbox's transaction
// that settles it), forgotten when a later submission of the type is accepted (in the one that records
// it) or when the connection's key changes.
import type { Database } from 'better-sqlite3';
import type { PermissionRefusal } from '../../shared/permissions';
import type { ResourceType } from '../../shared/service';
import { RESOURCE_TYPES } from '../../shared/service';

interface Row {
  connectionId: string;
  resourceType: string;
  scope: string | null;
  message: string;
  refusedAt: string;
}

const isType = (v: string): v is ResourceType => (RESOURCE_TYPES as readonly string[]).includes(v);

export class PermissionRefusalsRepository {
  private readonly sql;

  constructor(db: Database) {
    this.sql = {
      all: db.prepare<[], Row>(
        `SELECT connection_id AS connectionId, resource_type AS resourceType, scope, message,
           refused_at AS refusedAt
         FROM permission_refusals ORDER BY connection_id, resource_type`,
      ),
      put: db.prepare<Row>(
        `INSERT INTO permission_refusals (connection_id, resource_type, scope, message, refused_at)
         VALUES (@connectionId, @resourceType, @scope, @message, @refusedAt)
         ON CONFLICT DO UPDATE SET scope = excluded.scope, message = excluded.message,
           refused_at = excluded.refused_at`,
      ),
      accepted: db.prepare<{ connectionId: string; resourceType: string }>(
        'DELETE FROM permission_refusals WHERE connection_id = @connectionId AND resource_type = @resourceType',
      ),
      forget: db.prepare<{ connectionId: string }>(
        'DELETE FROM permission_refusals WHERE connection_id = @connectionId',
      ),
    };
  }

  all(): PermissionRefusal[] {
    return this.sql.all
      .all()
      .flatMap((r) => (isType(r.resourceType) ? [{ ...r, resourceType: r.resourceType }] : []));
  }

  /** The types a refusal named, noted (or noted again) with the service's words. */
  refused(refusals: readonly PermissionRefusal[]): void {
    for (const r of refusals) this.sql.put.run(r);
  }

  /** A submission of these types was accepted: the key may suggest them after all. */
  accepted(connectionId: string, types: Iterable<string>): void {
    for (const resourceType of new Set(types)) this.sql.accepted.run({ connectionId, resourceType });
  }

  /** The connection's key changed: what the old one was refused says nothing of the new one. */
  forget(connectionId: string): number {
    return this.sql.forget.run({ connectionId }).changes;
  }
}
