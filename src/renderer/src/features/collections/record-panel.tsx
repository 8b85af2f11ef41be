// The selected record's fields, read fresh from the service.
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import type { Collection } from '../../../../shared/service/collections';
import { errorMessage, unwrap } from '../../lib/call';
import { formatValue, humanise } from '../../lib/format';

export function RecordPanel({
  collection,
  id,
  onClose,
}: {
  collection: Collection;
  id: string;
  onClose: () => void;
}) {
  const record = useQuery({
    queryKey: ['record', collection, id],
    queryFn: () => unwrap(window.propdesk.collections.get({ collection, id })),
  });
  return (
    <aside
      className="card"
      aria-label="Record details"
      style={{ width: 340, margin: 12, overflow: 'auto', flex: 'none' }}
    >
      <div style={{ display: 'flex', alignItems: 'center', marginBottom: 8 }}>
        <h2 style={{ margin: 0, flex: 1 }}>Details</h2>
        <button className="btn" type="button" onClick={onClose} aria-label="Close details">
          <X size={14} aria-hidden />
        </button>
      </div>
      {record.isPending ? <p className="muted">Loading…</p> : null}
      {record.isError ? <p role="alert">{errorMessage(record.error)}</p> : null}
      {record.data ? (
        <dl style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 12px', margin: 0 }}>
          {Object.entries(record.data.record).map(([key, value]) => (
            <div key={key} style={{ display: 'contents' }}>
              <dt className="muted">{humanise(key)}</dt>
              <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{formatValue(value)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </aside>
  );
}
