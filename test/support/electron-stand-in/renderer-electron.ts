// The `electron` module of the preload, running in the Chromium page the test host opened for a
// window: contextBridge copies what the preload exposes into the page, and ipcRenderer reaches main
// through the host's binding, which tells main which frame called. Main's answers arrive as JSON text
// (see the host's ipc binding for why) and are parsed here, as Electron hands the preload parsed values.
/// <reference lib="dom" />

type RendererListener = (event: { sender: null }, ...args: any[]) => void;

interface HostBinding {
  /** Main's answer to an invoke, as JSON text of { ok, value } or { ok: false, message }. */
  __propdeskElectronInvoke(channel: string, args: unknown[]): Promise<string>;
}

const listeners = new Map<string, Set<RendererListener>>();

/** Called by the host with what main sent to this window. Not enumerable: page code has no use for it. */
Object.defineProperty(window, '__propdeskElectronDeliver', {
  value: (channel: string, args: unknown[]) => {
    for (const listener of [...(listeners.get(channel) ?? [])]) listener({ sender: null }, ...args);
  },
});

class StandInIpcRenderer implements Pick<Electron.IpcRenderer, 'invoke'> {
  async invoke(channel: string, ...args: any[]): Promise<any> {
    const text = await (window as unknown as HostBinding).__propdeskElectronInvoke(channel, args);
    const answer = JSON.parse(text) as { ok: true; value: unknown } | { ok: false; message: string };
    if (!answer.ok) throw new Error(answer.message);
    return answer.value;
  }

  on(channel: string, listener: RendererListener): this {
    const set = listeners.get(channel) ?? new Set<RendererListener>();
    listeners.set(channel, set);
    set.add(listener);
    return this;
  }

  removeListener(channel: string, listener: RendererListener): this {
    listeners.get(channel)?.delete(listener);
    return this;
  }
}

export const ipcRenderer = new StandInIpcRenderer();

/** Electron copies values between the preload's world and the page's: functions become forwarders. */
function copyAcross(value: unknown): unknown {
  if (typeof value === 'function') {
    const fn = value as (...args: unknown[]) => unknown;
    return (...args: unknown[]) => copyAcross(fn(...args.map(copyAcross)));
  }
  if (value instanceof Promise) return value.then(copyAcross);
  if (Array.isArray(value)) return value.map(copyAcross);
  if (value && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) copy[key] = copyAcross(inner);
    return Object.isFrozen(value) ? Object.freeze(copy) : copy;
  }
  return value;
}

export const contextBridge = {
  exposeInMainWorld(apiKey: string, api: any): void {
    if (apiKey in window)
      throw new Error(`Cannot bind an API on top of an existing property on the window object`);
    Object.defineProperty(window, apiKey, { value: copyAcross(api), enumerable: true });
  },
} satisfies Pick<Electron.ContextBridge, 'exposeInMainWorld'>;
