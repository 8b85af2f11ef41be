// What a PropDesk database may hold besides tables and indexes: no views, and only the triggers its
// migrations make, word for word. A file with anything else was not written by PropDesk (or was
// damaged into it), and SQLite would run that code when PropDesk reads or writes the tables it hides
// behind; such a file is treated as damaged and salvaged, which reads only plain tables.
import Database from 'better-sqlite3';
import type { Database as Db } from 'better-sqlite3';
import type { Migration } from './migrations/migrations';
import { migrate } from './migrations/migrate';
import { registerSqlFunctions } from './sql-functions';

const triggersOf = new WeakMap<readonly Migration[], Set<string>>();

/** Every trigger the migrations make, as its name and SQL (those of earlier versions too). */
function knownTriggers(migrations: readonly Migration[]): Set<string> {
  let known = triggersOf.get(migrations);
  if (!known) {
    known = new Set();
    const fresh = new Database(':memory:');
    try {
      registerSqlFunctions(fresh);
      const sorted = [...migrations].sort((a, b) => a.version - b.version);
      const triggers = fresh
        .prepare<[], [string, string]>("SELECT name, sql FROM sqlite_schema WHERE type = 'trigger'")
        .raw();
      for (let i = 1; i <= sorted.length; i++) {
        migrate(fresh, sorted.slice(0, i), () => new Date(0));
        for (const [name, sql] of triggers.all()) known.add(`${name}\n${sql}`);
      }
    } finally {
      fresh.close();
    }
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
