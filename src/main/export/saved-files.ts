// The files PropDesk wrote for the user in this session, so that "Open" and "Show in folder" after a
// save reach the file just written and nothing else: main keeps each path under an ID of its own
// making, the window is told only the ID and the file's name, and a later call names the ID. A path
// never comes from the window, so a compromised page cannot have the shell open anything it chooses.
import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import { UserError } from '../base/user-error';

/** What the screen is told of a file written: an ID to open it by, and its name. */
export interface SavedFile {
  savedId: string;
  name: string;
  path: string;
}

/** The operating system's file actions (Electron's shell.openPath and shell.showItemInFolder). */
export interface FileShell {
  /** Opens the file in its default program; resolves with an error message, or '' when it opened. */
  openPath: (path: string) => Promise<string>;
  showItemInFolder: (path: string) => void;
}

/** The files of this session remembered: more than a screen shows "Saved" notes for at once. */
const KEPT = 20;

export class SavedFiles {
  private readonly paths = new Map<string, string>();

  constructor(private readonly shell: FileShell) {}

  /** Remembers a file just written; the oldest is forgotten past a few. */
  remember(path: string): SavedFile {
    const savedId = randomUUID();
    this.paths.set(savedId, path);
    while (this.paths.size > KEPT) this.paths.delete(this.paths.keys().next().value!);
    return { savedId, name: basename(path), path };
  }

  async open(savedId: string): Promise<void> {
    const path = this.pathOf(savedId);
    const problem = await this.shell.openPath(path);
    if (problem)
      throw new UserError(
        'open_failed',
        `Your computer could not open “${basename(path)}” (${problem}). Use Show in folder and open it from there.`,
      );
  }

  showInFolder(savedId: string): void {
    this.shell.showItemInFolder(this.pathOf(savedId));
  }

  private pathOf(savedId: string): string {
    const path = this.paths.get(savedId);
    if (path === undefined)
      throw new UserError(
        'not_saved_here',
        'PropDesk opens only the files it saved since it started, and this is not one of them. Save the file again.',
      );
    return path;
  }
}
