// What a PropDesk database may hold besides tables and indexes: no views, and only the triggers its
// migrations make, word for word. A file with anything else was not written by PropDesk (or was
// damaged into it), and SQLite would run that code when PropDesk reads or writes the tables it hides
// behind; such a file is treated as damaged and salvaged, which reads only plain tables.
//
// The triggers are read from the migrations' own text (no database is migrated at every start for
// it): SQLite keeps a trigger's CREATE statement as written, which a test checks against the triggers
// a database migrated version by version really holds.
import type { Database as Db } from 'better-sqlite3';
import type { Migration } from './migrations/migrate';

const CREATE_TRIGGER = /\bCREATE TRIGGER\s+(\w+)\b[\s\S]*?\bEND(?=\s*;)/g;

const triggersOf = new WeakMap<readonly Migration[], Set<string>>();

/** Every trigger the migrations make (those of earlier versions too), as its name and SQL. */
export function knownTriggers(migrations: readonly Migration[]): Set<string> {
  let known = triggersOf.get(migrations);
  if (!known) {
    known = new Set(
      migrations.flatMap((m) => [...m.sql.matchAll(CREATE_TRIGGER)].map(([sql, name]) => `${name}\n${sql}`)),
    );
    triggersOf.set(migrations, known);
  }
  return known;
}

/** What in the file's schema PropDesk never makes, in words; undefined when there is nothing. */
export function foreignSchemaObjects(db: Db, migrations: readonly Migration[]): string | undefined {
  const known = knownTriggers(migrations);
  const objects = db
    .prepare<[], [string, string, string | null]>(
      "SELECT type, name, sql FROM sqlite_schema WHERE type IN ('view', 'trigger')",
    )
    .raw()
    .all();
  // A trigger of a later migration than the file's own version is not there yet; one the file has
  // must be exactly the migrations' own.
  const foreign = objects.filter(([type, name, sql]) => type === 'view' || !known.has(`${name}\n${sql}`));
  if (foreign.length === 0) return undefined;
  return foreign.map(([type, name]) => `${type} ${JSON.stringify(name).slice(0, 80)}`).join(', ');
}
