// A collection's browser: filter bar, virtualized grid and the selected record's panel. What other
// features add to it (a note on the filters, actions on a record) comes from the screen that composes it.
import { Alert } from '../../ui/alert';
import { AlertTriangle, RotateCw, WifiOff } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { Collection } from '../../../../shared/service';
import { errorMessage, UiError } from '../../lib/call';
import { COLLECTION_LABELS } from '../../router/routes';
import { useNavigate } from '../../router/use-route';
import { columnsFromFields } from './columns';
import { keyFieldOrder } from '../../../../shared/contract';
import { guessedFields } from './record-label';
import { enumsByName } from './filter-enums';
import { useContract } from '../contract/use-contract-api';
import { arrangeColumns, prefKey, useColumnPrefs } from '../../state/column-prefs';
import { useConnections } from '../connections/use-connections-api';
import { useCurrency } from '../connections/use-currency';
import { ColumnChooser } from './column-chooser';
import { ExportButton } from './export-button';
import { FilterBar } from './filter-bar';
import { RecordGrid } from './record-grid';
import { RecordPanel } from './record-panel';
import type { RecordActions } from './record-panel';
import { SortNote } from './sort-note';
import { useShownLabels } from './use-shown-labels';
import { useSortedList } from './use-sorted-list';

const DEFAULT_VISIBLE_COLUMNS = 9;

export function CollectionView({
  collection,
  recordId,
  query,
  note,
  recordActions,
}: {
  collection: Collection;
  recordId?: string;
  query: Record<string, string>;
  /** What the screen says above the list about its filters (another feature's words). */
  note?: ReactNode;
  /** What may be done with the selected record, shown in its details panel (another feature's buttons). */
  recordActions?: RecordActions;
}) {
  const navigate = useNavigate();
  const { list, rows, loadMore, restart, sort, onSort, scope, loadAll } = useSortedList(collection, query);
  const { contract } = useContract();
  const fields = contract?.recordFields[collection];
  // The contract's fields when it is known; otherwise what the first record carries. Rows are parsed
  // on demand, so the record is read only when needed, and once per list of rows.
  const sample = useMemo(() => (fields?.length ? undefined : rows.get(0)), [fields, rows]);
  const available = useMemo(() => {
    if (fields?.length) {
      const described = (c: Collection) => (contract?.recordFields[c].length ?? 0) > 0;
      return columnsFromFields(keyFieldOrder(collection, fields, described));
    }
    return columnsFromFields(keyFieldOrder(collection, sample ? guessedFields(sample) : [], () => true));
  }, [collection, contract, fields, sample]);
  const enumValues = useMemo(() => enumsByName(fields), [fields]);
  const activeId = useConnections().data?.activeId;
  const key = prefKey(activeId, collection);
  const pref = useColumnPrefs((s) => s.prefs[key]);
  const savePref = useColumnPrefs((s) => s.set);
  const resetPref = useColumnPrefs((s) => s.reset);
  const columns = useMemo(() => arrangeColumns(available, pref, DEFAULT_VISIBLE_COLUMNS), [available, pref]);
  const [selected, setSelected] = useState(-1);
  const openIndex = useMemo(() => (recordId ? rows.indexOfId(recordId) : -1), [rows, recordId]);
  const selectedIndex = selected >= 0 && selected < rows.length ? selected : openIndex;
  const label = COLLECTION_LABELS[collection];
  const { labels, onShown } = useShownLabels(rows, columns);
  const currency = useCurrency();

  const open = (index: number, replace = false) => {
    const row = rows.get(index);
    if (row) navigate({ view: 'collection', collection, recordId: row.id, query }, { replace });
  };
  const openPage = (index: number) => {
    const row = rows.get(index);
    if (row) navigate({ view: 'record', collection, id: row.id });
  };
  const select = (index: number) => {
    setSelected(index);
    // With the panel open it follows the selection.
    if (recordId) open(index, true);
  };
  const close = () => navigate({ view: 'collection', collection, query });
  const status =
    list.isError && rows.length === 0
      ? ''
      : list.isPending
        ? 'Loading…'
        : `${rows.length.toLocaleString()} loaded${list.hasNextPage ? ' — more' : ''}${list.isFetchingNextPage ? ' (loading…)' : ''}`;

  return (
    <>
      <header className="toolbar">
        <h1>{label}</h1>
        <span className="muted" role="status" aria-live="polite">
          {status}
        </span>
        <span className="spacer" />
        <ExportButton collection={collection} filters={query} />
        <ColumnChooser
          available={available}
          visible={columns}
          onChange={(p) => savePref(key, p)}
          onReset={() => resetPref(key)}
        />
        <button
          type="button"
          className="btn"
          onClick={() => void list.refetch()}
          aria-label={`Reload ${label.toLowerCase()}`}
        >
          <RotateCw size={14} aria-hidden /> Reload
        </button>
      </header>
      <FilterBar
        collection={collection}
        values={query}
        enumValues={enumValues}
        onChange={(filters) => navigate({ view: 'collection', collection, query: filters })}
      />
      {sort && scope ? (
        <SortNote
          sort={sort}
          label={available.find((c) => c.name === sort.field)?.label ?? sort.field}
          scope={scope}
          onLoadAll={loadAll}
        />
      ) : null}
      {note}
      <div className="split">
        <div className="split-main">
          {list.isError ? (
            <ListError
              error={list.error}
              hasRows={rows.length > 0}
              onRetry={() => void (rows.length ? list.fetchNextPage() : list.refetch())}
              onRestart={restart}
            />
          ) : null}
          {!list.isPending && !list.isError && rows.length === 0 ? (
            <div className="empty">
              <h2>No {label.toLowerCase()} found</h2>
              <p>
                {Object.keys(query).length
                  ? 'Nothing matches these filters. Clear them to see everything.'
                  : `This organisation has no ${label.toLowerCase()} yet.`}
              </p>
            </div>
          ) : null}
          {rows.length > 0 ? (
            <RecordGrid
              label={label}
              rows={rows}
              columns={columns}
              selectedIndex={selectedIndex}
              hasMore={!!list.hasNextPage}
              onSelect={select}
              onOpen={(i) => open(i)}
              onOpenPage={openPage}
              onClose={close}
              onNeedMore={loadMore}
              currency={currency}
              labels={labels}
              onShown={onShown}
              sort={sort}
              onSort={onSort}
            />
          ) : null}
        </div>
        {recordId ? (
          <RecordPanel
            collection={collection}
            id={recordId}
            onClose={close}
            {...(recordActions ? { actions: recordActions } : {})}
          />
        ) : null}
      </div>
    </>
  );
}

function ListError({
  error,
  hasRows,
  onRetry,
  onRestart,
}: {
  error: unknown;
  hasRows: boolean;
  onRetry: () => void;
  onRestart: () => void;
}) {
  const offline = error instanceof UiError && (error.code === 'network' || error.code === 'timeout');
  const forbidden = error instanceof UiError && (error.code === 'forbidden' || error.status === 403);
  if (forbidden) {
    return (
      <div className="empty" role="alert">
        <h2>Not allowed</h2>
        <p>{errorMessage(error)}</p>
      </div>
    );
  }
  return (
    <div className="page">
      <Alert>
        {offline ? <WifiOff size={16} aria-hidden /> : <AlertTriangle size={16} aria-hidden />}
        <div>
          <strong>{hasRows ? 'The next page could not be loaded.' : 'This list could not be loaded.'}</strong>
          <div>{errorMessage(error)}</div>
          <div className="card-actions">
            <button className="btn" type="button" onClick={onRetry}>
              {hasRows ? 'Retry this page' : 'Try again'}
            </button>
            {hasRows ? (
              <button className="btn" type="button" onClick={onRestart}>
                Reload from the start
              </button>
            ) : null}
          </div>
        </div>
      </Alert>
    </div>
  );
}
