// What a PropDesk database may hold besides tables and indexes, checked against real databases: the
// triggers read from the migrations' text are exactly those a database migrated version by version
// holds, and a view, a trigger of someone else's or a changed trigger is found.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../src/main/store/migrations/migrate';
import { MIGRATIONS } from '../../../../src/main/store/migrations/migrations';
import { foreignSchemaObjects, knownTriggers } from '../../../../src/main/store/schema-shape';
import { registerSqlFunctions } from '../../../../src/main/store/sql-functions';

function migrated(upTo = Infinity): Database.Database {
  const db = new Database(':memory:');
  registerSqlFunctions(db);
  migrate(
    db,
    MIGRATIONS.filter((m) => m.version <= upTo),
    () => new Date(0),
  );
  return db;
}

describe('the shape of a PropDesk database', () => {
  it('knows every trigger the migrations leave in a database of each version, as SQLite keeps it', () => {
    const held = new Set<string>();
    for (const { version } of MIGRATIONS) {
      const db = migrated(version);
      for (const [name, sql] of db
        .prepare<[], [string, string]>("SELECT name, sql FROM sqlite_schema WHERE type = 'trigger'")
        .raw()
        .all())
        held.add(`${name}\n${sql}`);
      expect(foreignSchemaObjects(db, MIGRATIONS)).toBeUndefined();
      db.close();
    }
    expect([...knownTriggers(MIGRATIONS)].sort()).toEqual([...held].sort());
  });

  it('finds a view, a trigger PropDesk never makes, and one of its own changed', () => {
    const db = migrated();
    db.exec(`CREATE VIEW drafts_view AS SELECT * FROM drafts;
      CREATE TRIGGER someone_elses AFTER INSERT ON drafts BEGIN SELECT 1; END;
      DROP TRIGGER connection_removed;
      CREATE TRIGGER connection_removed AFTER DELETE ON connections BEGIN SELECT 2; END;`);
    expect(foreignSchemaObjects(db, MIGRATIONS)).toBe(
      'view "drafts_view", trigger "someone_elses", trigger "connection_removed"',
    );
    db.close();
  });
});
