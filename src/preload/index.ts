// The preload script: exposes window.propdesk (domain functions only) over ipcRenderer, nothing else.
import { contextBridge, ipcRenderer } from 'electron';
import { createBridge } from './bridge';

const bridge = createBridge({
  invoke: (channel, args) => ipcRenderer.invoke(channel, args),
  subscribe: (event, listener) => {
    const wrapped = (_event: unknown, payload: unknown) => listener(payload);
    ipcRenderer.on(`event:${event}`, wrapped);
    return () => {
      ipcRenderer.removeListener(`event:${event}`, wrapped);
    };
  },
});

contextBridge.exposeInMainWorld('propdesk', bridge);
