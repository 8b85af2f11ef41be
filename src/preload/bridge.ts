// Builds window.propdesk from the IPC contract over a transport. Electron's ipcRenderer is one
// transport; the browser test harness swaps in a Playwright binding and runs this same code.
import { channelMember, eventMember } from '../shared/bridge';
import type { PropdeskBridge, Unsubscribe } from '../shared/bridge';
import { CHANNEL_NAMES, EVENT_NAMES } from '../shared/ipc';

export interface BridgeTransport {
  invoke(channel: string, args: unknown): Promise<unknown>;
  subscribe(event: string, listener: (payload: unknown) => void): Unsubscribe;
}

const TRANSPORT_FAILED = {
  ok: false as const,
  error: {
    code: 'ipc_failed',
    message: 'PropDesk could not reach its own background process. Restart the app.',
  },
};

export function createBridge(transport: BridgeTransport): PropdeskBridge {
  const domains: Record<string, Record<string, unknown>> = {};
  const domain = (name: string) => (domains[name] ??= {});

  for (const channel of CHANNEL_NAMES) {
    const [d, verb] = channelMember(channel);
    domain(d)[verb] = async (args?: unknown) => {
      try {
        return await transport.invoke(channel, args ?? {});
      } catch {
        return TRANSPORT_FAILED;
      }
    };
  }
  for (const event of EVENT_NAMES) {
    const [d, member] = eventMember(event);
    domain(d)[member] = (listener: unknown) => {
      if (typeof listener !== 'function') throw new TypeError(`${member} needs a function`);
      return transport.subscribe(event, (payload) => (listener as (p: unknown) => void)(payload));
    };
  }
  for (const value of Object.values(domains)) Object.freeze(value);
  return Object.freeze(domains) as unknown as PropdeskBridge;
}
