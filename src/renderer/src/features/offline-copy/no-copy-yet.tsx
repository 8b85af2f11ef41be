// What a portfolio screen says when the collections it is computed from have no offline copy yet:
// the copy being made (it fills in by itself), or which records are missing and the way to the
// offline copy screen to make the copy.
import { CloudDownload } from 'lucide-react';
import type { Collection } from '../../../../shared/service';
import { COLLECTION_LABELS } from '../../../../shared/labels';
import { copyLine } from './copy-words';
import { useOfflineCopyStatus } from './use-offline-copy-api';
import { EmptyState } from '../../ui/empty-state';

export function NoCopyYet({
  what,
  missing,
  onOfflineCopy,
}: {
  /** "this view", "the charts" … */
  what: { heading: string; subject: string; works: string };
  missing: readonly Collection[];
  onOfflineCopy: () => void;
}) {
  const status = useOfflineCopyStatus().data;
  if (status?.state === 'running')
    return (
      <EmptyState heading={copyLine(status).text} role="status">
        This fills in by itself when the copy is done.
      </EmptyState>
    );
  return (
    <EmptyState
      heading={what.heading}
      action={
        <button type="button" className="btn primary" onClick={onOfflineCopy}>
          <CloudDownload size={14} aria-hidden /> Go to the offline copy
        </button>
      }
    >
      {what.subject} {missing.map((c) => COLLECTION_LABELS[c].toLowerCase()).join(', ')} from the offline
      copy. Make it once while online; after that {what.works} without the service too.
    </EmptyState>
  );
}
