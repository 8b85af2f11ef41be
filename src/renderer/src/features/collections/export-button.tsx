// "Export CSV" for the current view: main writes every matching record to a file the user picks,
// and this shows its progress with a way to cancel.
import { Download, X } from 'lucide-react';
import { useRef, useState } from 'react';
import type { Collection } from '../../../../shared/service';
import type { EventPayload } from '../../../../shared/ipc';
import { errorMessage } from '../../lib/call';
import { SavedFileNote } from './saved-file-note';
import { useCancelExport, useExportProgress, useStartExport } from './use-collections-api';

type Progress = EventPayload<'exports.progress'>;

export function ExportButton({
  collection,
  filters,
}: {
  collection: Collection;
  filters: Record<string, string>;
}) {
  const [progress, setProgress] = useState<Progress | null>(null);
  // An export can finish or fail before its start is answered; its last event is kept until then.
  const early = useRef(new Map<string, Progress>());
  const cancel = useCancelExport();
  const start = useStartExport(collection, filters, (r) => {
    if (!r.started || !r.exportId) return setProgress(null);
    const seen = early.current.get(r.exportId);
    early.current.clear();
    const first: Progress = {
      exportId: r.exportId,
      written: 0,
      state: 'running',
    };
    setProgress(seen ? { ...first, ...seen } : first);
  });
  useExportProgress((p) => {
    early.current.set(p.exportId, p);
    setProgress((current) => (current?.exportId === p.exportId ? { ...current, ...p } : current));
  });
  const running = progress?.state === 'running';

  return (
    <div className="export">
      {running ? (
        <>
          <span
            role="progressbar"
            aria-label="Export progress"
            aria-valuetext={`${progress.written.toLocaleString()} rows written`}
            className="progress-indeterminate"
          />
          <span className="muted">{progress.written.toLocaleString()} rows written…</span>
          <button type="button" className="btn" onClick={() => cancel.mutate(progress.exportId)}>
            <X size={13} aria-hidden /> Cancel export
          </button>
        </>
      ) : (
        <button
          type="button"
          className="btn"
          disabled={start.isPending}
          onClick={() => start.mutate()}
          title="Write every record matching these filters to a CSV file"
        >
          <Download size={14} aria-hidden /> Export CSV
        </button>
      )}
      {progress?.state === 'done' && progress.savedId && progress.name ? (
        <SavedFileNote
          savedId={progress.savedId}
          name={progress.name}
          what={`${progress.written.toLocaleString()} rows`}
        />
      ) : null}
      {progress?.state === 'done' && progress.message ? (
        <span className="muted">{progress.message}</span>
      ) : null}
      <span role="status" className="muted">
        {progress?.state === 'cancelled' ? 'Export cancelled; no file was written.' : null}
        {progress?.state === 'failed' ? `Export failed: ${progress.message}` : null}
        {start.isError ? errorMessage(start.error) : null}
      </span>
    </div>
  );
}
