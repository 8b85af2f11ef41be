// The command line as the app uses it: one JSON line on stdout, the `full` key from the
// environment, --keys-out, key shapes, and a clean exit on SIGTERM that leaves the state file.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');

describe('sandbox CLI', () => {
  it('prints one JSON line, writes keys-out, uses PROPDESK_SANDBOX_KEY and exits cleanly on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pd-cli-'));
    const fullKey = `pdk_${'Q'.repeat(40)}`;
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(ROOT, 'src/sandbox/cli.ts'),
        '--port',
        '0',
        '--json',
        '--keys-out',
        join(dir, 'keys.json'),
        '--state-file',
        join(dir, 'state.json'),
        '--seed',
        '3',
      ],
      {
        cwd: ROOT,
        env: { ...process.env, PROPDESK_SANDBOX_KEY: fullKey },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    await new Promise<void>((resolveLine, reject) => {
      child.stdout.on('data', () => out.includes('\n') && resolveLine());
      child.once('exit', () => reject(new Error('exited early')));
    });
    const ready = JSON.parse(out.split('\n')[0]!);
    expect(new URL(ready.baseUrl).hostname).toBe('127.0.0.1');
    expect(ready.keys.map((k: { name: string }) => k.name)).toEqual([
      'full',
      'readonly',
      'properties-only',
      'other-org',
    ]);
    expect(ready.keys[0].key).toBe(fullKey);
    for (const k of ready.keys.slice(1)) expect(k.key).toMatch(/^pdk_[A-Za-z0-9]{40}$/);
    expect(JSON.parse(readFileSync(join(dir, 'keys.json'), 'utf8'))).toEqual(ready);
    const r = await fetch(`${ready.baseUrl}/api/v1/properties?limit=1`, {
      headers: { Authorization: `Bearer ${fullKey}` },
    });
    expect(r.status).toBe(200);
    const exit = new Promise<number | null>((res) => child.once('exit', (code) => res(code)));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(out.trim().split('\n')).toHaveLength(1);
    expect(existsSync(join(dir, 'state.json'))).toBe(true);
  });

  it('refuses bad flags with usage and a non-zero exit', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'src/sandbox/cli.ts'), '--fail-rate', '2'],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((res) => child.once('exit', (c) => res(c)));
    expect(code).toBe(2);
    expect(err).toContain('--fail-rate');
    expect(err).toContain('Usage');
  });

  it('--help prints every option and exits 0 without starting a server', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/sandbox/cli.ts'), '--help'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((res) => child.once('exit', (c) => res(c)));
    expect(code).toBe(0);
    expect(out).toContain('Usage: npm run sandbox -- [options]');
    for (const option of [
      '--port',
      '--records-scale',
      '--proposal-ttl',
      '--latency-ms',
      '--rate-limit',
      '--payment-months',
      '--no-created-ids',
      '--colleague',
      '--json',
    ])
      expect(out).toContain(option);
    expect(out).not.toContain('listening');
  });
});
