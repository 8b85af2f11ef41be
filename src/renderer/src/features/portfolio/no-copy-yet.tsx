// What a portfolio screen says when the collections it is computed from have no offline copy yet:
// which ones, and the way to the offline copy's tab to make one.
import { CloudDownload } from 'lucide-react';
import type { Collection } from '../../../../shared/service';
import { COLLECTION_LABELS } from '../../../../shared/labels';

export function NoCopyYet({
  what,
  missing,
  onSync,
}: {
  /** "this view", "the charts" … */
  what: { heading: string; subject: string; works: string };
  missing: readonly Collection[];
  onSync: () => void;
}) {
  return (
    <div className="empty">
      <h2>{what.heading}</h2>
      <p>
        {what.subject} {missing.map((c) => COLLECTION_LABELS[c].toLowerCase()).join(', ')}. Sync once while
        online; after that {what.works} without the service too.
      </p>
      <button type="button" className="btn primary" onClick={onSync}>
        <CloudDownload size={14} aria-hidden /> Go to the offline copy
      </button>
    </div>
  );
}
