// Security gate: runs Electronegativity on src/ through its programmatic API (its CLI always exits 0)
// and fails on any HIGH or MEDIUM finding, on any file it could not parse, and on any `eng-disable`
// annotation without a one-line justification beside it.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';

const require = createRequire(import.meta.url);
const run = require('@doyensec/electronegativity');
const electronVersion = require('electron/package.json').version;
const root = join(import.meta.dirname, '..');
const input = join(root, 'src');

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.(ts|tsx|js|html)$/.test(name) ? [path] : [];
  });
}

// An annotation must say why: `eng-disable CHECK_ID -- reason of a few words`.
const unjustified = [];
for (const file of sourceFiles(input)) {
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      if (/eng-disable/.test(line) && !/eng-disable\s+[A-Z_\s]+--\s*\S.{8,}/.test(line)) {
        unjustified.push(`${relative(root, file)}:${index + 1}`);
      }
    });
}

const result = await run({
  input,
  electronVersionOverride: electronVersion,
  excludeFromScan: ['AvailableSecurityFixesGlobalCheck'],
  severitySet: 'informational',
  confidenceSet: 'tentative',
  isRelative: true,
});

const blocking = result.issues.filter((i) => ['HIGH', 'MEDIUM'].includes(i.severity.name));
const parseFailures = result.errors.filter((e) => !e.tolerable);
const other = result.issues.length - blocking.length;

console.log(
  `Electronegativity ${electronVersion}: ${result.atomicChecks} atomic and ${result.globalChecks} global checks on ${relative(root, input)}/`,
);
for (const i of blocking)
  console.log(`  ${i.severity.name} ${i.id} ${i.file}:${i.location.line} ${i.description}`);
for (const e of parseFailures) console.log(`  could not parse ${relative(root, e.file)}: ${e.message}`);
for (const u of unjustified) console.log(`  eng-disable without a justification at ${u}`);
console.log(
  `${blocking.length} high/medium findings, ${other} low/informational, ${parseFailures.length} unparsed files, ${unjustified.length} unjustified annotations`,
);

if (blocking.length || parseFailures.length || unjustified.length) process.exit(1);
