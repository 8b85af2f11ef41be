// The one checked wrapper of every IPC call: refusals and bad answers are data for the screen and
// leave a trace in main's log (through the logger it is given), never with the values themselves.
import { describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../../src/main/ipc/dispatch';
import type { HandlerTable } from '../../../../src/main/ipc/dispatch';
import { CHANNEL_NAMES, EVENTS } from '../../../../src/shared/ipc';
import { checkOutgoing } from '../../../../src/main/ipc/outgoing-check';
import type { SenderInfo } from '../../../../src/main/ipc/sender';

const trusted: SenderInfo = { isMainFrame: true, url: 'file:///app/index.html' };
const isTrusted = (s: SenderInfo | null | undefined) => s?.isMainFrame === true && s.url === trusted.url;

function recordingTable(calls: string[]): HandlerTable {
  return Object.fromEntries(
    CHANNEL_NAMES.map((name) => [
      name,
      async () => {
        calls.push(name);
        throw new Error('reached the handler');
      },
    ]),
  ) as unknown as HandlerTable;
}

const mapError = (e: unknown) => ({ code: 'internal', message: e instanceof Error ? e.message : 'failed' });

interface Entry {
  level: 'warn' | 'error';
  message: string;
  detail: unknown;
}
/** A logger that keeps what it is told, to read back in assertions. */
function capturingLogger() {
  const entries: Entry[] = [];
  return {
    entries,
    warn: (message: string, detail?: unknown) => void entries.push({ level: 'warn', message, detail }),
    error: (message: string, detail?: unknown) => void entries.push({ level: 'error', message, detail }),
  };
}
const log = capturingLogger();

describe('IPC dispatcher', () => {
  it('refuses a foreign or missing frame on every channel without calling the handler', async () => {
    const calls: string[] = [];
    const d = createDispatcher(recordingTable(calls), isTrusted, mapError, log);
    for (const channel of CHANNEL_NAMES) {
      for (const sender of [
        null,
        undefined,
        { isMainFrame: false, url: trusted.url },
        { isMainFrame: true, url: 'https://evil.test/' },
      ]) {
        const res = await d.dispatch(sender, channel, {});
        expect(res).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
      }
    }
    expect(calls).toEqual([]);
  });

  it('refuses malformed arguments on every channel without calling the handler', async () => {
    const calls: string[] = [];
    const d = createDispatcher(recordingTable(calls), isTrusted, mapError, log);
    const malformed: unknown[] = [
      'text',
      42,
      [],
      { unexpected: true },
      { __proto__: { polluted: 1 }, id: 5 },
    ];
    for (const channel of CHANNEL_NAMES) {
      for (const args of malformed) {
        const res = await d.dispatch(trusted, channel, args);
        expect(res.ok, `${channel} accepted ${JSON.stringify(args)}`).toBe(false);
        if (!res.ok) expect(res.error.code).toBe('invalid_arguments');
      }
    }
    expect(calls).toEqual([]);
  });

  it('refuses unknown channels and never throws', async () => {
    const d = createDispatcher(recordingTable([]), isTrusted, mapError, log);
    await expect(d.dispatch(trusted, 'shell.openExternal', {})).resolves.toMatchObject({
      ok: false,
      error: { code: 'unknown_channel' },
    });
    await expect(d.dispatch(trusted, '__proto__', {})).resolves.toMatchObject({
      ok: false,
      error: { code: 'unknown_channel' },
    });
  });

  it('returns handler failures as data and checks results against the contract', async () => {
    const table = recordingTable([]);
    const d = createDispatcher(
      {
        ...table,
        'app.info': async () => ({ name: 'PropDesk', version: '1.0.0', platform: 'linux', notices: [] }),
        'connectivity.status': async () => ({ online: 'yes' }) as never,
      },
      isTrusted,
      mapError,
      log,
    );
    await expect(d.dispatch(trusted, 'app.info', {})).resolves.toEqual({
      ok: true,
      data: { name: 'PropDesk', version: '1.0.0', platform: 'linux', notices: [] },
    });
    await expect(d.dispatch(trusted, 'connections.list', {})).resolves.toEqual({
      ok: false,
      error: { code: 'internal', message: 'reached the handler' },
    });
    await expect(d.dispatch(trusted, 'connectivity.status', {})).resolves.toMatchObject({
      ok: false,
      error: { code: 'internal' },
    });
  });

  it('will not start with a channel that has no handler', () => {
    const table = recordingTable([]) as Partial<HandlerTable>;
    delete table['collections.list'];
    expect(() => createDispatcher(table as HandlerTable, isTrusted, mapError, log)).toThrow(
      /collections\.list/,
    );
  });

  it('logs every refused sender with its address redacted, and only that', async () => {
    const logger = capturingLogger();
    const d = createDispatcher(recordingTable([]), isTrusted, mapError, logger);
    const key = 'pdk_Zq7Lm2Nx9Vb4Kt8Rw3Hy6Jp';
    await d.dispatch(
      { isMainFrame: true, url: `https://evil.test/steal?key=${key}` },
      'connections.list',
      {},
    );
    await d.dispatch({ isMainFrame: false, url: trusted.url }, 'app.info', {});
    await d.dispatch(null, 'no.such.channel', {});
    expect(logger.entries).toHaveLength(3);
    const text = JSON.stringify(logger.entries);
    expect(text).not.toContain(key);
    expect(logger.entries[0]).toMatchObject({
      level: 'warn',
      detail: { channel: 'connections.list', url: 'https://evil.test/steal?key=[redacted]', mainFrame: true },
    });
    expect(logger.entries[1]).toMatchObject({
      detail: { channel: 'app.info', url: trusted.url, mainFrame: false },
    });
    expect(logger.entries[2]).toMatchObject({ detail: { channel: '(unknown)', url: null } });
    // Accepted calls leave no trace.
    await d.dispatch(trusted, 'connections.list', {});
    expect(logger.entries).toHaveLength(3);
  });

  it('logs a result that fails its own schema: channel and issue paths, never the values', async () => {
    const logger = capturingLogger();
    const secretish = 'tenant-ssn-123-45-6789';
    const d = createDispatcher(
      {
        ...recordingTable([]),
        'connectivity.status': async () => ({ online: secretish, computerOnline: true, since: 42 }) as never,
      },
      isTrusted,
      mapError,
      logger,
    );
    const res = await d.dispatch(trusted, 'connectivity.status', {});
    expect(res).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(logger.entries).toEqual([
      {
        level: 'error',
        message: expect.stringMatching(/result schema/),
        detail: { channel: 'connectivity.status', issuePaths: ['online', 'since'] },
      },
    ]);
    expect(JSON.stringify(logger.entries)).not.toContain(secretish);
    expect(JSON.stringify(logger.entries)).not.toContain('42');
  });

  it('takes crash reports from the window only in their checked, length-limited shape', async () => {
    const calls: string[] = [];
    const d = createDispatcher(recordingTable(calls), isTrusted, mapError, log);
    for (const args of [
      {},
      { message: 'x'.repeat(2001) },
      { message: 'ok', stack: 'x'.repeat(16_001) },
      { message: 'ok', componentStack: 7 },
      { message: 'ok', extra: true },
    ]) {
      const res = await d.dispatch(trusted, 'app.reportCrash', args);
      expect(res, JSON.stringify(args).slice(0, 80)).toMatchObject({
        ok: false,
        error: { code: 'invalid_arguments' },
      });
    }
    expect(calls).toEqual([]);
    await d.dispatch(trusted, 'app.reportCrash', {
      message: 'Boom',
      stack: 'at x\nat y',
      componentStack: '\n in A',
    });
    expect(calls).toEqual(['app.reportCrash']);
  });

  it('holds a push event to its schema as it holds an answer: logged by path, never sent out of shape', () => {
    const logger = capturingLogger();
    const secretish = 'tenant-name-Ada';
    const bad = checkOutgoing(
      EVENTS['outbox.changed'],
      { waiting: -1, online: secretish },
      { event: 'outbox.changed' },
      logger,
    );
    expect(bad).toEqual({ ok: false });
    expect(logger.entries).toEqual([
      {
        level: 'error',
        message: 'A push event left out of its schema',
        detail: { event: 'outbox.changed', issuePaths: ['waiting', 'online'] },
      },
    ]);
    expect(JSON.stringify(logger.entries)).not.toContain(secretish);
    const good = checkOutgoing(
      EVENTS['outbox.changed'],
      { waiting: 2, online: true },
      { event: 'x' },
      logger,
    );
    expect(good).toEqual({ ok: true, data: { waiting: 2, online: true } });
  });
});
