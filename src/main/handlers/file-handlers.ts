// The handlers of the files.* channels: "Open" and "Show in folder" after a save, for the files main
// itself wrote in this session, named by the ID main gave them.
import type { DomainHandlers } from '../ipc/dispatch';
import type { SavedFiles } from '../export/saved-files';

export function createFileHandlers(
  files: Pick<SavedFiles, 'open' | 'showInFolder'>,
): DomainHandlers<'files'> {
  return {
    'files.open': async ({ savedId }) => {
      await files.open(savedId);
      return { opened: true as const };
    },
    'files.showInFolder': async ({ savedId }) => {
      files.showInFolder(savedId);
      return { shown: true as const };
    },
  };
}
