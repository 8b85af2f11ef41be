// The dialogs of a test: every call main makes is recorded, and each is answered with the next answer
// the test scripted. An unscripted save dialog is cancelled and an unscripted message box answers
// with its cancel button, as when the user presses Escape.
import type { MessageBoxFacts, SaveDialogFacts } from '../electron-stand-in/protocol';

export type DialogCall =
  | { kind: 'save'; windowId: number | null; options: SaveDialogFacts }
  | { kind: 'message'; windowId: number | null; options: MessageBoxFacts };

export class DialogScript {
  readonly calls: DialogCall[] = [];
  private readonly saves: Array<string | undefined> = [];
  private readonly messages: number[] = [];

  /** The next save dialogs answer these paths (undefined: the user cancels). */
  answerSave(...paths: Array<string | undefined>): void {
    this.saves.push(...paths);
  }

  /** The next message boxes answer these button indexes. */
  answerMessage(...buttons: number[]): void {
    this.messages.push(...buttons);
  }

  save(windowId: number | null, options: SaveDialogFacts): { canceled: boolean; filePath: string } {
    this.calls.push({ kind: 'save', windowId, options });
    const path = this.saves.shift();
    return path === undefined ? { canceled: true, filePath: '' } : { canceled: false, filePath: path };
  }

  message(windowId: number | null, options: MessageBoxFacts): { response: number; checkboxChecked: boolean } {
    this.calls.push({ kind: 'message', windowId, options });
    const scripted = this.messages.shift();
    const cancel = options.cancelId ?? Math.max(0, (options.buttons?.length ?? 1) - 1);
    return { response: scripted ?? cancel, checkboxChecked: false };
  }
}
