import { describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../src/main/ipc/dispatch';
import type { HandlerTable } from '../../../src/main/ipc/dispatch';
import { CHANNEL_NAMES } from '../../../src/shared/ipc';
import type { SenderInfo } from '../../../src/main/ipc/sender';

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

describe('IPC dispatcher', () => {
  it('refuses a foreign or missing frame on every channel without calling the handler', async () => {
    const calls: string[] = [];
    const d = createDispatcher(recordingTable(calls), isTrusted, mapError);
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
    const d = createDispatcher(recordingTable(calls), isTrusted, mapError);
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
    const d = createDispatcher(recordingTable([]), isTrusted, mapError);
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
    expect(() => createDispatcher(table as HandlerTable, isTrusted, mapError)).toThrow(/collections\.list/);
  });
});
