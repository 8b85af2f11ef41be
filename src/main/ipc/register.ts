// Binds the checked dispatcher to Electron's IPC. The only place (with the preload) that touches ipcMain.
import { ipcMain } from 'electron';
import type { IpcMainInvokeEvent, WebContents } from 'electron';
import { EVENTS } from '../../shared/ipc';
import type { EventName, EventPayload } from '../../shared/ipc';
import type { Dispatcher } from './dispatch';
import type { SenderInfo } from './sender';

function senderInfo(event: IpcMainInvokeEvent): SenderInfo | null {
  const frame = event.senderFrame;
  if (!frame) return null;
  return { isMainFrame: frame === event.sender.mainFrame && frame.parent === null, url: frame.url };
}

export function registerIpc(dispatcher: Dispatcher): () => void {
  for (const channel of dispatcher.channels) {
    ipcMain.handle(channel, (event, args: unknown) => dispatcher.dispatch(senderInfo(event), channel, args));
  }
  return () => dispatcher.channels.forEach((channel) => ipcMain.removeHandler(channel));
}

/** Sends a declared push event after checking its payload, so the renderer only sees contract shapes. */
export function emitTo<E extends EventName>(contents: WebContents, event: E, payload: EventPayload<E>): void {
  const checked = EVENTS[event].parse(payload);
  if (!contents.isDestroyed()) contents.send(`event:${event}`, checked);
}
