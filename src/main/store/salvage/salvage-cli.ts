// The salvage program: `salvage.js <damaged file> <side file>`, started by the app as a process of its
// own (built beside main as out/main/salvage.js) so that it can be stopped when it takes too long.
// Exits with 0 once every table was carried; any other end (an error, a kill) means it did not finish.
import { salvageInto } from './salvage-into';

const [damaged, side] = process.argv.slice(2);
if (!damaged || !side) {
  process.stderr.write('Usage: salvage.js <damaged file> <side file>\n');
  process.exit(2);
}
salvageInto(damaged, side);
// Ends at once: a utility process may otherwise be kept for its parent's messages.
process.stdout.write('done\n', () => process.exit(0));
