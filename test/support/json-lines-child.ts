// A Node program run as a child process of the test (with a small heap, say) that prints its outcomes
// as JSON lines: resolves once it has exited, with its exit code, every JSON line it printed, parsed,
// and what it wrote to stderr (to say why it failed).
import { spawn } from 'node:child_process';

export interface ChildOutcome<L> {
  code: number | null;
  lines: L[];
  stderr: string;
}

/** Runs `node <args>`; lines of stdout that start with `{` are parsed as JSON. */
export function runJsonLines<L>(args: readonly string[]): Promise<ChildOutcome<L>> {
  return new Promise((done) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => {
      const lines = stdout
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as L);
      done({ code, lines, stderr });
    });
  });
}
