// What a save says once the file is written: its name in full (a path cut short says nothing), and
// "Open" and "Show in folder" for that file only. Main knows the file by an ID it gave it; the window
// never names a path, so it can open nothing but what PropDesk just wrote.
import { ExternalLink, FolderOpen } from 'lucide-react';
import { errorMessage } from '../../lib/call';
import { useSavedFile } from './use-collections-api';

export function SavedFileNote({ savedId, name, what }: { savedId: string; name: string; what: string }) {
  const { open, show } = useSavedFile(savedId);
  const problem = open.error ?? show.error;
  return (
    <span className="saved-file pf-action-note">
      <span role="status" className="muted">
        Saved {what} to “{name}”.
      </span>
      <button type="button" className="btn" onClick={() => open.mutate()} disabled={open.isPending}>
        <ExternalLink size={13} aria-hidden /> Open
      </button>
      <button type="button" className="btn" onClick={() => show.mutate()} disabled={show.isPending}>
        <FolderOpen size={13} aria-hidden /> Show in folder
      </button>
      {problem ? (
        <span className="danger" role="alert">
          {errorMessage(problem)}
        </span>
      ) : null}
    </span>
  );
}
