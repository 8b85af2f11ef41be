// Schema version 6: the offline copy stored by listing number, with an SQLite index for every list
// filter of the service's documentation, and listings that can carry a full-text index of their records.
import type { Migration } from './migrate';
/**
 * Why the layout changed: the version-3 table keyed every record (and so every entry of every
 * index over it) by the connection's UUID, the collection name and a generation, which made filter
 * indexes several times the size of what they index. Now every listing gets a number unique in the
 * database, and its records live at keys listing * 2^32 + position: a listing is one key range, pages
 * are key ranges, and the full-text index uses the same keys as its rowids.
 *
 * Filter indexes are partial (one collection each) over the expression the filter compares, so a
 * query names the collection as a literal. Their expressions must stay exactly those the queries use
 * (src/main/store/offline-copy/filter-sql.ts); a unit test checks every filter with EXPLAIN QUERY PLAN.
 * `unicode_lower` is registered by openStore (JavaScript's toLowerCase, what the service compares
 * city and state with); the index over it needs that function whenever a record is written.
 *
 * Each listing's text is indexed in an FTS5 table of its own, snapshot_search_<listing>, made and
 * dropped with the listing by OfflineCopyRepository in the same transactions: replacing a copy of a
 * million records then drops one table instead of deleting a million index entries one by one.
 * Copies stored before this version are kept without one (searchable = 0): which fields to index
 * comes from the contract, which SQL alone cannot read. The next update makes them searchable.
 */
export const OFFLINE_INDEX_MIGRATION: Migration = {
  version: 6,
  name: 'offline copy by listing, filter indexes, full-text search',
  sql: `
    CREATE TABLE snapshot_listings (
      listing        INTEGER PRIMARY KEY AUTOINCREMENT,
      connection_id  TEXT NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
      collection     TEXT NOT NULL,
      searchable     INTEGER NOT NULL CHECK (searchable IN (0, 1))
    ) STRICT;
    CREATE INDEX snapshot_listings_by_connection ON snapshot_listings(connection_id, collection);

    CREATE TABLE snapshot_rows (
      key         INTEGER PRIMARY KEY,
      collection  TEXT NOT NULL,
      id          TEXT NOT NULL,
      json        TEXT NOT NULL
    ) STRICT;
    CREATE INDEX snapshot_rows_by_id ON snapshot_rows(id);

    CREATE TEMP TABLE migrating_listings (
      listing INTEGER PRIMARY KEY, connection_id TEXT, collection TEXT, generation INTEGER
    );
    INSERT INTO migrating_listings (connection_id, collection, generation)
      SELECT connection_id, collection, live_generation FROM snapshot_collections
       WHERE live_generation IS NOT NULL
      UNION
      SELECT connection_id, collection, staging_generation FROM snapshot_collections
       WHERE staging_generation IS NOT NULL;
    INSERT INTO snapshot_listings (listing, connection_id, collection, searchable)
      SELECT listing, connection_id, collection, 0 FROM migrating_listings;
    INSERT INTO snapshot_rows (key, collection, id, json)
      SELECT m.listing * 4294967296 + r.position, r.collection, r.id, r.json
        FROM snapshot_records r
        JOIN migrating_listings m USING (connection_id, collection, generation);
    UPDATE snapshot_collections SET
      live_generation = (SELECT m.listing FROM migrating_listings m
        WHERE m.connection_id = snapshot_collections.connection_id
          AND m.collection = snapshot_collections.collection
          AND m.generation = snapshot_collections.live_generation),
      staging_generation = (SELECT m.listing FROM migrating_listings m
        WHERE m.connection_id = snapshot_collections.connection_id
          AND m.collection = snapshot_collections.collection
          AND m.generation = snapshot_collections.staging_generation);
    DROP TABLE migrating_listings;
    DROP TABLE snapshot_records;

    CREATE INDEX snapshot_rows_properties_city ON snapshot_rows(unicode_lower(json_extract(json, '$.city'))) WHERE collection = 'properties';
    CREATE INDEX snapshot_rows_properties_state ON snapshot_rows(unicode_lower(json_extract(json, '$.state'))) WHERE collection = 'properties';
    CREATE INDEX snapshot_rows_properties_type ON snapshot_rows(json_extract(json, '$.type')) WHERE collection = 'properties';
    CREATE INDEX snapshot_rows_properties_is_active ON snapshot_rows(json_type(json, '$.is_active')) WHERE collection = 'properties';
    CREATE INDEX snapshot_rows_units_property_id ON snapshot_rows(json_extract(json, '$.property_id')) WHERE collection = 'units';
    CREATE INDEX snapshot_rows_units_status ON snapshot_rows(json_extract(json, '$.status')) WHERE collection = 'units';
    CREATE INDEX snapshot_rows_tenants_is_active ON snapshot_rows(json_type(json, '$.is_active')) WHERE collection = 'tenants';
    CREATE INDEX snapshot_rows_leases_status ON snapshot_rows(json_extract(json, '$.status')) WHERE collection = 'leases';
    CREATE INDEX snapshot_rows_leases_unit_id ON snapshot_rows(json_extract(json, '$.unit_id')) WHERE collection = 'leases';
    CREATE INDEX snapshot_rows_leases_tenant_id ON snapshot_rows(json_extract(json, '$.tenant_id')) WHERE collection = 'leases';
    CREATE INDEX snapshot_rows_leases_end_date ON snapshot_rows(json_extract(json, '$.end_date')) WHERE collection = 'leases';
    CREATE INDEX snapshot_rows_payments_status ON snapshot_rows(json_extract(json, '$.status')) WHERE collection = 'payments';
    CREATE INDEX snapshot_rows_payments_tenant_id ON snapshot_rows(json_extract(json, '$.tenant_id')) WHERE collection = 'payments';
    CREATE INDEX snapshot_rows_payments_lease_id ON snapshot_rows(json_extract(json, '$.lease_id')) WHERE collection = 'payments';
    CREATE INDEX snapshot_rows_payments_due_date ON snapshot_rows(json_extract(json, '$.due_date')) WHERE collection = 'payments';
    CREATE INDEX snapshot_rows_maintenance_requests_status ON snapshot_rows(json_extract(json, '$.status')) WHERE collection = 'maintenance_requests';
    CREATE INDEX snapshot_rows_maintenance_requests_priority ON snapshot_rows(json_extract(json, '$.priority')) WHERE collection = 'maintenance_requests';
    CREATE INDEX snapshot_rows_maintenance_requests_property_id ON snapshot_rows(json_extract(json, '$.property_id')) WHERE collection = 'maintenance_requests';
    CREATE INDEX snapshot_rows_maintenance_requests_unit_id ON snapshot_rows(json_extract(json, '$.unit_id')) WHERE collection = 'maintenance_requests';
    CREATE INDEX snapshot_rows_documents_type ON snapshot_rows(json_extract(json, '$.type')) WHERE collection = 'documents';
    CREATE INDEX snapshot_rows_documents_entity_type ON snapshot_rows(json_extract(json, '$.entity_type')) WHERE collection = 'documents';
    CREATE INDEX snapshot_rows_documents_entity_id ON snapshot_rows(json_extract(json, '$.entity_id')) WHERE collection = 'documents';
    CREATE INDEX snapshot_rows_documents_is_verified ON snapshot_rows(json_type(json, '$.is_verified')) WHERE collection = 'documents';

    -- Whatever removes a listing (replaced by a newer one, the data forgotten, the connection removed,
    -- which cascades to its listings) removes its records in the same transaction.
    CREATE TRIGGER snapshot_listings_drop_rows AFTER DELETE ON snapshot_listings BEGIN
      DELETE FROM snapshot_rows
       WHERE key BETWEEN old.listing * 4294967296 AND old.listing * 4294967296 + 4294967295;
    END;
  `,
};
