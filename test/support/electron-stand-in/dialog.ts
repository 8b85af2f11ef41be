// Electron's dialog: each call goes to the test host, which records it and answers as the test
// scripted (a file path, a cancel, a button).
import { StandInBrowserWindow } from './browser-window';
import { askHost, tellHost } from './link';

function split<T>(first: unknown, second: T | undefined): { windowId: number | null; options: T } {
  if (first instanceof StandInBrowserWindow) return { windowId: first.id, options: second as T };
  return { windowId: null, options: first as T };
}

class StandInDialog implements Pick<Electron.Dialog, 'showSaveDialog' | 'showMessageBox' | 'showErrorBox'> {
  /** Electron's is modal and needs no window; here the host records what it said. */
  showErrorBox(title: string, content: string): void {
    tellHost({ kind: 'dialog.error', title, content });
  }

  async showSaveDialog(
    windowOrOptions: unknown,
    maybeOptions?: Electron.SaveDialogOptions,
  ): Promise<Electron.SaveDialogReturnValue> {
    const { windowId, options } = split(windowOrOptions, maybeOptions);
    return askHost({
      kind: 'dialog.save',
      windowId,
      options: {
        ...(options.title !== undefined ? { title: options.title } : {}),
        ...(options.defaultPath !== undefined ? { defaultPath: options.defaultPath } : {}),
        ...(options.buttonLabel !== undefined ? { buttonLabel: options.buttonLabel } : {}),
        ...(options.filters
          ? { filters: options.filters.map((f) => ({ name: f.name, extensions: f.extensions })) }
          : {}),
        ...(options.properties ? { properties: [...options.properties] } : {}),
      },
    });
  }

  async showMessageBox(
    windowOrOptions: unknown,
    maybeOptions?: Electron.MessageBoxOptions,
  ): Promise<Electron.MessageBoxReturnValue> {
    const { windowId, options } = split(windowOrOptions, maybeOptions);
    return askHost({
      kind: 'dialog.message',
      windowId,
      options: {
        message: options.message,
        ...(options.type !== undefined ? { type: options.type } : {}),
        ...(options.title !== undefined ? { title: options.title } : {}),
        ...(options.detail !== undefined ? { detail: options.detail } : {}),
        ...(options.buttons ? { buttons: [...options.buttons] } : {}),
        ...(options.defaultId !== undefined ? { defaultId: options.defaultId } : {}),
        ...(options.cancelId !== undefined ? { cancelId: options.cancelId } : {}),
      },
    });
  }
}

export const dialog = new StandInDialog();
