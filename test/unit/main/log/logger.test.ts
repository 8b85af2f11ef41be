// The main-process logger: redaction of keys and Authorization values in messages and structured
// fields, the [main] prefix, and size-based rotation that keeps a fixed number of files.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger, registerSecret } from '../../../../src/main/log/logger';
import { clearRegisteredSecrets, redactText, redactValue } from '../../../../src/main/log/redact';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'propdesk-log-'));
  clearRegisteredSecrets();
});
afterEach(() => rmSync(dir, { recursive: true, force: true, maxRetries: 10 }));

describe('redaction', () => {
  it('removes Authorization values, bearer tokens, pdk_ keys and long key-shaped strings', () => {
    const text = redactText(
      'Authorization: Bearer abc.DEF-123456 then pdk_A1b2C3d4E5f6G7h8 and sk_live_abcdefgh1234 and xY9kLmN0pQ7rS2tU5vW8yZ1aB4cD',
    );
    expect(text).not.toMatch(/abc\.DEF|pdk_A1b2|sk_live_abc|xY9kLmN0/);
    expect(text).toContain('[redacted]');
  });

  it('removes keys given by name, as a header line or a parameter, and keeps what follows them', () => {
    const lines = [
      'x-api-key: s3cretA',
      'api-token: s3cretB',
      'GET https://pm.example.com/api/v1/leases?api_key=s3cretC&limit=50',
      'retrying with key=s3cretD after 2 s',
      '{"apiKey":"s3cretE"}',
    ];
    const text = redactText(lines.join('\n'));
    expect(text).not.toMatch(/s3cret/);
    expect(text).toContain('&limit=50');
    expect(text).toContain('after 2 s');
    expect(redactText('the key is on the desk; keys and tokens are words')).toBe(
      'the key is on the desk; keys and tokens are words',
    );
  });

  it('leaves ordinary words, record ids, UUIDs and hashes readable', () => {
    const plain =
      'Lease lease_4k2m9 for 550e8400-e29b-41d4-a716-446655440000 hash e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
    expect(redactText(plain)).toBe(plain);
  });

  it('removes secrets registered at runtime, whatever their shape', () => {
    registerSecret('correct horse battery');
    expect(redactText('the key is correct horse battery!')).toBe('the key is [redacted]!');
  });

  it('removes secrets PropDesk did not register: URL credentials, encoded keys, client secrets, cookies', () => {
    registerSecret('k3y with/slash+plus');
    const lines = [
      'GET https://alice:hunter2pass@service.example.com/api/v1/units failed',
      'redirect to https%3A%2F%2Fbob%3As3cretpw%40host.example%2Fx',
      'GET /api/v1/units?q=k3y%20with%2Fslash%2Bplus failed',
      'double k3y%2520with%252Fslash%252Bplus',
      'next=%2Fcb%3Fapi_key%3Dopensesame123',
      'body client_secret=clientsecretvalue9&grant_type=client_credentials',
      '{"client_secret":"clientsecretvalue9"}',
      'Cookie: session=sess1on-value; csrftoken=csrfvalue42',
      'set-cookie: sid=cookieval77; Path=/; HttpOnly',
    ];
    const out = redactText(lines.join('\n'));
    for (const secret of [
      'hunter2pass',
      's3cretpw',
      'k3y',
      'opensesame123',
      'clientsecretvalue9',
      'sess1on-value',
      'csrfvalue42',
      'cookieval77',
    ])
      expect(out, secret).not.toContain(secret);
    // What is not a secret stays readable: the host, the path, the grant type.
    expect(out).toContain('service.example.com/api/v1/units');
    expect(out).toContain('grant_type=client_credentials');
    expect(
      JSON.stringify(redactValue({ client_secret: 'abc', Cookie: 'a=b', 'Set-Cookie': 'c=d' })),
    ).not.toMatch(/abc|a=b|c=d/);
  });

  it('redacts structured values: key-named properties, nested strings, errors', () => {
    const value = redactValue({
      headers: { Authorization: 'Bearer whatever', 'x-api-key': 'abc' },
      nested: [{ note: 'uses pdk_Z9y8X7w6V5u4T3s2' }],
      error: new Error('failed with pdk_Z9y8X7w6V5u4T3s2'),
    });
    const json = JSON.stringify(value);
    expect(json).not.toMatch(/whatever|pdk_Z9y8|"abc"/);
  });
});

describe('createLogger', () => {
  it('writes prefixed, redacted lines to its file', () => {
    const file = join(dir, 'logs', 'main.log');
    registerSecret('pdk_SessionKeyFromKeychain42');
    const log = createLogger({ file, console: false, now: () => new Date('2025-06-01T12:00:00Z') });
    log.warn('request failed', {
      url: 'https://x/api/v1/leases',
      headers: { authorization: 'Bearer pdk_SessionKeyFromKeychain42' },
    });
    log.error('with secret pdk_SessionKeyFromKeychain42 inline\nsecond line', new Error('boom'));
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/^2025-06-01T12:00:00.000Z \[main\] WARN request failed /);
    expect(text).not.toContain('pdk_SessionKeyFromKeychain42');
    expect(text.trimEnd().split('\n')).toHaveLength(2);
    log.debug('not written at info level');
    expect(readFileSync(file, 'utf8')).not.toContain('not written');
  });

  it('rotates by size and keeps maxFiles files in all', () => {
    const file = join(dir, 'main.log');
    const log = createLogger({ file, maxBytes: 2048, maxFiles: 3, console: false });
    for (let i = 0; i < 200; i++) log.info(`line ${i} ${'x'.repeat(80)}`);
    expect(existsSync(file)).toBe(true);
    expect(existsSync(`${file}.1`)).toBe(true);
    expect(existsSync(`${file}.2`)).toBe(true);
    expect(existsSync(`${file}.3`)).toBe(false);
    for (const f of log.files()) expect(statSync(f).size).toBeLessThanOrEqual(2048);
    expect(readFileSync(file, 'utf8')).toContain('line 199');
  });

  it('on a full disk says once that it cannot write, and the first line written afterwards names the gap', () => {
    const file = join(dir, 'main.log');
    let clock = Date.parse('2025-06-01T12:00:00Z');
    const told = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const log = createLogger({ file, console: false, now: () => new Date(clock) });
      log.info('before the disk filled');
      // Linux's /dev/full answers every write with ENOSPC, as a full disk does.
      rmSync(file);
      symlinkSync('/dev/full', file);
      log.info('lost one');
      log.info('lost two');
      expect(told).toHaveBeenCalledTimes(1);
      expect(String(told.mock.calls[0]![0])).toMatch(
        /cannot write its log file .*; lines are lost until it can/,
      );
      rmSync(file);
      clock += 60_000;
      log.info('after space was freed');
      const text = readFileSync(file, 'utf8');
      expect(text).toMatch(
        /WARN 2 lines of this log could not be written from 2025-06-01T12:00:00.000Z until now: the disk is full\.\n.*after space was freed/,
      );
      expect(told).toHaveBeenCalledTimes(1);
    } finally {
      told.mockRestore();
    }
  });
});
