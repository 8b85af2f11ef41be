// The files of a folder and its subfolders that hold a text, by name relative to the folder, read by a
// Node process of its own. Reading a database's files in the process that has it open would close
// file descriptors SQLite holds locks through (POSIX locks are per process and go with any descriptor
// of the file), and another process opening the database (the scrub) could then reset the shared
// memory this process maps, which kills it with SIGBUS.
import { spawnSync } from 'node:child_process';

const SEARCH = `
const { readdirSync, readFileSync, statSync } = require('node:fs');
const { join } = require('node:path');
const [dir, text] = process.argv.slice(1);
const needle = Buffer.from(text, 'utf8');
const found = [];
const walk = (folder, prefix) => {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) walk(path, prefix + name + '/');
    else if (readFileSync(path).includes(needle)) found.push(prefix + name);
  }
};
walk(dir, '');
process.stdout.write(JSON.stringify(found));
`;

export function filesHolding(dir: string, text: string): string[] {
  const result = spawnSync(process.execPath, ['-e', SEARCH, dir, text], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`Searching ${dir} failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as string[];
}
