// Runs in the page: the real preload bridge code, with Electron's IPC swapped for Playwright bindings.
/// <reference lib="dom" />
import { createBridge } from '../../../src/preload/bridge';

type Listener = (payload: unknown) => void;
declare global {
  interface Window {
    /** Main's handlers, answering in JSON text (see attach-app.ts). */
    __propdeskMain(channel: string, args: unknown): Promise<string>;
    __propdeskInvoke(channel: string, args: unknown): Promise<unknown>;
    __propdeskEmit(event: string, payload: unknown): void;
  }
}

const listeners = new Map<string, Set<Listener>>();

Object.defineProperty(window, '__propdeskEmit', {
  value: (event: string, payload: unknown) => listeners.get(event)?.forEach((l) => l(payload)),
});

Object.defineProperty(window, '__propdeskInvoke', {
  value: async (channel: string, args: unknown) =>
    JSON.parse(await window.__propdeskMain(channel, args)) as unknown,
});

Object.defineProperty(window, 'propdesk', {
  value: createBridge({
    invoke: (channel, args) => window.__propdeskInvoke(channel, args),
    subscribe: (event, listener) => {
      const set = listeners.get(event) ?? new Set<Listener>();
      listeners.set(event, set);
      set.add(listener);
      return () => set.delete(listener);
    },
  }),
});
