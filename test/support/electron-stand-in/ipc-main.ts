// Electron's ipcMain: the handlers main registers, and their invocation by the page through the test
// host with the frame Chromium reported, answered as Electron's invoke answers (a handler's throw
// reaches the page as "Error invoking remote method …").
import { windowById } from './browser-window';
import type { FrameFacts } from './protocol';

/** A frame as a handler may read it: Electron's WebFrameMain has these and more. */
export interface FrameLike {
  url: string;
  parent: FrameLike | null;
}

/**
 * What a handler may read of an invoke event: the part of Electron's IpcMainInvokeEvent the stand-in
 * models. Electron's own event is assignable to it, so main code typed against it runs in both.
 */
export interface StandInInvokeEvent {
  sender: { id: number; mainFrame: FrameLike };
  senderFrame: FrameLike | null;
  processId: number;
  frameId: number;
}

type InvokeListener = (event: Electron.IpcMainInvokeEvent, ...args: any[]) => any;

class StandInIpcMain implements Pick<Electron.IpcMain, 'handle' | 'removeHandler'> {
  private readonly handlers = new Map<string, InvokeListener>();

  handle(channel: string, listener: InvokeListener): void {
    if (this.handlers.has(channel))
      throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, listener);
  }

  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }

  channels(): string[] {
    return [...this.handlers.keys()];
  }

  async invoke(windowId: number, channel: string, args: unknown[], frame: FrameFacts): Promise<unknown> {
    const window = windowById(windowId);
    if (!window) throw new Error('The window that sent this message is gone');
    const handler = this.handlers.get(channel);
    if (!handler)
      throw new Error(
        `Error invoking remote method '${channel}': Error: No handler registered for '${channel}'`,
      );
    const event: StandInInvokeEvent = {
      sender: window.webContents,
      senderFrame: window.webContents.frameFor(frame.url, frame.isMainFrame),
      processId: process.pid,
      frameId: frame.isMainFrame ? 1 : 2,
    };
    try {
      // Only the modelled part exists; the typecheck of main against the stand-in keeps main to it.
      return (await handler(event as unknown as Electron.IpcMainInvokeEvent, ...args)) as unknown;
    } catch (error) {
      throw new Error(`Error invoking remote method '${channel}': ${String(error)}`);
    }
  }
}

export const ipcMain = new StandInIpcMain();
