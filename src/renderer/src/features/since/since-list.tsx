// The records behind one line of Today's "Since you last looked", exactly those, a page at a time from
// the offline copy (main keeps which they are: the list holds no IDs of its own, so a digest of
// thousands opens as quickly as one of three). Each names its record and opens its page.
import { useState } from 'react';
import { COLLECTION_LABELS } from '../../../../shared/labels';
import type { SinceRecordKind } from '../../../../shared/since';
import { errorMessage } from '../../lib/call';
import { formatRoute } from '../../router/routes';
import { Alert } from '../../ui/alert';
import { RefName } from '../../labels/ref-name';
import { useLabels } from '../../labels/use-labels-api';
import { kindTitle } from './since-words';
import { useSinceRecords } from './use-since-api';
import '../../styles/today.css';

const PAGE = 100;

export function SinceList({ kind }: { kind: SinceRecordKind }) {
  const [offset, setOffset] = useState(0);
  const page = useSinceRecords(kind, offset, PAGE);
  const records = page.data?.records ?? [];
  const total = page.data?.total ?? 0;
  const labels = useLabels(records);
  return (
    <>
      <header className="toolbar">
        <h1>{kindTitle(kind)}</h1>
        <span className="muted">since you last looked, from the offline copy</span>
        <span className="spacer" />
        <a className="btn" href={formatRoute({ view: 'today' })}>
          Back to Today
        </a>
      </header>
      <div className="page today-page">
        {page.isError ? <Alert>{errorMessage(page.error)}</Alert> : null}
        {page.data && total === 0 ? (
          <p className="muted">Nothing of this kind has changed since you last looked.</p>
        ) : null}
        {records.length ? (
          <ul className="since-records" aria-label={kindTitle(kind)}>
            {records.map((r) => (
              <li key={`${r.collection}/${r.id}`}>
                <a href={formatRoute({ view: 'record', collection: r.collection, id: r.id })}>
                  <RefName view={labels(r.collection, r.id)} />
                </a>
                <span className="muted">{COLLECTION_LABELS[r.collection]}</span>
              </li>
            ))}
          </ul>
        ) : null}
        {total > PAGE ? (
          <nav className="since-pages" aria-label="Pages">
            <button
              type="button"
              className="btn"
              disabled={offset === 0}
              onClick={() => setOffset(Math.max(0, offset - PAGE))}
            >
              Previous
            </button>
            <span className="muted">
              {(offset + 1).toLocaleString()}–{Math.min(total, offset + PAGE).toLocaleString()} of{' '}
              {total.toLocaleString()}
            </span>
            <button
              type="button"
              className="btn"
              disabled={offset + PAGE >= total}
              onClick={() => setOffset(offset + PAGE)}
            >
              Next
            </button>
          </nav>
        ) : null}
      </div>
    </>
  );
}
