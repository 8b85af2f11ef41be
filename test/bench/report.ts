// Writes one benchmark's figures into BENCHMARKS.md as its own section, with machine and date,
// replacing that section's previous figures and leaving the other sections alone.
import { cpus, totalmem, platform, release } from 'node:os';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const FILE = resolve(process.cwd(), 'BENCHMARKS.md');
const HEADER =
  '# Benchmarks\n\nFigures written by `npm run bench`; each section is replaced when its benchmark runs again.\n';

export interface BenchRow {
  measure: string;
  value: string;
  target?: string;
  met?: boolean;
}

export function machineLine(): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const gib = (totalmem() / 2 ** 30).toFixed(0);
  return `${cpus().length} × ${cpu}, ${gib} GiB, ${platform()} ${release()}, Node ${process.version}`;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function writeSection(title: string, rows: BenchRow[], notes = ''): void {
  const date = new Date().toISOString().slice(0, 10);
  const lines = [
    `## ${title}`,
    '',
    `Machine: ${machineLine()}. Date: ${date}.`,
    '',
    '| measure | value | target | met |',
    '| --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.measure} | ${r.value} | ${r.target ?? '—'} | ${r.met === undefined ? '—' : r.met ? 'yes' : 'NO'} |`,
    ),
    ...(notes ? ['', notes] : []),
    '',
  ];
  const section = lines.join('\n');
  const current = existsSync(FILE) ? readFileSync(FILE, 'utf8') : HEADER;
  const pattern = new RegExp(`## ${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\n[\\s\\S]*?(?=\\n## |$)`);
  const next = pattern.test(current)
    ? current.replace(pattern, section.trimEnd() + '\n')
    : `${current.trimEnd()}\n\n${section}`;
  writeFileSync(FILE, next.endsWith('\n') ? next : next + '\n');
  console.log(section);
}
