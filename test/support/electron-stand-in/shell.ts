// Electron's shell: a link handed to the user's browser goes to the test host, which records it.
import { askHost } from './link';

class StandInShell implements Pick<Electron.Shell, 'openExternal'> {
  async openExternal(url: string): Promise<void> {
    await askHost({ kind: 'shell.openExternal', url });
  }
}

export const shell = new StandInShell();
