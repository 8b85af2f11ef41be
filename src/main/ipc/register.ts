// Binds the checked dispatcher to Electron's IPC. The only place (with the preload) that touches ipcMain.
import { ipcMain } from 'electron';
import type { IpcMainInvokeEvent, WebContents } from 'electron';
import { EVENTS } from '../../shared/ipc';
import type { EventName, EventPayload } from '../../shared/ipc';
import type { Logger } from '../log/logger';
import type { Dispatcher } from './dispatch';
import { checkOutgoing } from './outgoing-check';
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

/**
 * Sends a declared push event after checking its payload as the dispatcher checks an answer, so the
 * renderer only sees contract shapes; one outside its schema is logged and not sent.
 */
export function emitTo<E extends EventName>(
  contents: WebContents,
  event: E,
  payload: EventPayload<E>,
  log: Pick<Logger, 'error'>,
): void {
  const checked = checkOutgoing(EVENTS[event], payload, { event }, log);
  if (checked.ok && !contents.isDestroyed()) contents.send(`event:${event}`, checked.data);
}
