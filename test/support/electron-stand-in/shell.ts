// Electron's shell: a link handed to the user's browser, a file opened in its program or shown in its
// folder, each goes to the test host, which records it. Opening a file that is not there answers with
// an error message, as Electron's shell.openPath does.
import { askHost, tellHost } from './link';

class StandInShell implements Pick<Electron.Shell, 'openExternal' | 'openPath' | 'showItemInFolder'> {
  async openExternal(url: string): Promise<void> {
    await askHost({ kind: 'shell.openExternal', url });
  }

  openPath(path: string): Promise<string> {
    return askHost({ kind: 'shell.openPath', path });
  }

  showItemInFolder(fullPath: string): void {
    tellHost({ kind: 'shell.showItemInFolder', path: fullPath });
  }
}

export const shell = new StandInShell();
