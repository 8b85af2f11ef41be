import { describe, expect, it } from 'vitest';
import { createBridge } from '../../../src/preload/bridge';
import { CHANNEL_NAMES, EVENT_NAMES } from '../../../src/shared/ipc';

describe('preload bridge', () => {
  const sent: Array<[string, unknown]> = [];
  const listeners = new Map<string, (p: unknown) => void>();
  const bridge = createBridge({
    invoke: async (channel, args) => {
      sent.push([channel, args]);
      return { ok: true, data: channel };
    },
    subscribe: (event, listener) => {
      listeners.set(event, listener);
      return () => listeners.delete(event);
    },
  });

  it('exposes exactly one function per contract channel and one subscription per event, nothing generic', () => {
    const members = Object.entries(bridge).flatMap(([domain, fns]) =>
      Object.keys(fns).map((k) => `${domain}.${k}`),
    );
    const expected = [
      ...CHANNEL_NAMES,
      ...EVENT_NAMES.map((e) => {
        const [d, v] = e.split('.') as [string, string];
        return `${d}.on${v[0]!.toUpperCase()}${v.slice(1)}`;
      }),
    ];
    expect(members.sort()).toEqual(expected.sort());
    expect(members.some((m) => /invoke|send|ipcRenderer|process/i.test(m))).toBe(false);
    expect(Object.isFrozen(bridge)).toBe(true);
  });

  it('routes a domain function to its channel and delivers events', async () => {
    await expect(bridge.collections.list({ collection: 'leases' })).resolves.toEqual({
      ok: true,
      data: 'collections.list',
    });
    expect(sent.at(-1)).toEqual(['collections.list', { collection: 'leases' }]);
    const seen: unknown[] = [];
    const off = bridge.connectivity.onChanged((p) => seen.push(p));
    listeners.get('connectivity.changed')?.({ online: false, since: 'now' });
    off();
    expect(seen).toEqual([{ online: false, since: 'now' }]);
    expect(listeners.has('connectivity.changed')).toBe(false);
  });

  it('turns a broken transport into an error result instead of a rejection', async () => {
    const broken = createBridge({
      invoke: () => Promise.reject(new Error('gone')),
      subscribe: () => () => undefined,
    });
    await expect(broken.app.info()).resolves.toMatchObject({ ok: false, error: { code: 'ipc_failed' } });
  });
});
