// The scrub program: `scrub.js <database> <side file>`, started by the app as a process of its own
// (built beside main as out/main/scrub.js) so that rebuilding a large database never holds main's
// event loop. It writes a rebuilt copy of the database, without the pages deleted data left, into
// the side file (VACUUM INTO, from one consistent snapshot, beside main's own connection), and marks
// the copy as scrubbed. Main swaps it in once its own connection is closed. Exits with 0 once the side
// file is whole; any other end (an error, a kill) leaves a side file main never uses.
import Database from 'better-sqlite3';
import { closeSync, fsyncSync, openSync, rmSync } from 'node:fs';
import { registerSqlFunctions } from './sql-functions';
import { SCRUB_PENDING } from './scrub-pending';

const [file, side] = process.argv.slice(2);
if (!file || !side) {
  process.stderr.write('Usage: scrub.js <database> <side file>\n');
  process.exit(2);
}
rmSync(side, { force: true });
const db = new Database(file, { fileMustExist: true });
registerSqlFunctions(db);
db.prepare('VACUUM INTO ?').run(side);
db.close();
const rebuilt = new Database(side, { fileMustExist: true });
registerSqlFunctions(rebuilt);
rebuilt.prepare('DELETE FROM settings WHERE key = ?').run(SCRUB_PENDING);
rebuilt.close();
// On disk before main may rename it over the database: a power cut must not leave half a file there.
const fd = openSync(side, 'r+');
fsyncSync(fd);
closeSync(fd);
// Ends at once: a utility process may otherwise be kept for its parent's messages.
process.stdout.write('done\n', () => process.exit(0));
