// A collection's browser: filter bar, virtualized grid and the selected record's panel. What other
// features add to it (a note on the filters, actions on a record) comes from the screen that composes it.
import { Alert } from '../../ui/alert';
import { AlertTriangle, RotateCw, WifiOff } from 'lucide-react';
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import type { Collection } from '../../../../shared/service';
import { errorMessage, UiError } from '../../lib/call';
import { COLLECTION_LABELS } from '../../router/routes';
import { useNavigate } from '../../router/use-route';
import { enumsByName } from './filter-enums';
import { useContract } from '../contract/use-contract-api';
import { ColumnChooser } from './column-chooser';
import { ExportButton } from './export-button';
import { ListPdfButton } from './list-pdf-button';
import { SUMMED_COLLECTIONS } from '../../../../shared/list-sum';
import type { SummedCollection } from '../../../../shared/list-sum';
import { SumLine, useListSum } from './sum-line';
import { useCurrency } from '../connections/use-currency';
import { FilterBar } from './filter-bar';
import { RecordGrid } from './record-grid';
import { RecordPanel } from './record-panel';
import type { RecordActions } from './record-panel';
import { SortNote } from './sort-note';
import { useShownLabels } from './use-shown-labels';
import { useSortedList } from './use-sorted-list';
import { useCollectionColumns } from './use-collection-columns';
import { reloadFromService } from './use-collections-api';
import { useRecordSelection } from './use-record-selection';
import { useListChoice } from './use-grid-choice';
import type { ChosenActions } from './use-grid-choice';
import { EmptyState } from '../../ui/empty-state';

/** What another feature offers beside a list's toolbar (a new maintenance request on its list). */
export type ListActions = (collection: Collection, query: Record<string, string>) => ReactNode;

const isSummed = (c: Collection): c is SummedCollection =>
  (SUMMED_COLLECTIONS as readonly Collection[]).includes(c);

/** The list's name, how much of it is loaded (said politely as it grows), and what acts on the whole list. */
function CollectionToolbar({
  collection,
  query,
  list,
  loaded,
  columns,
  chosen,
  actions,
}: {
  collection: Collection;
  query: Record<string, string>;
  list: ReturnType<typeof useSortedList>['list'];
  /** Rows loaded so far. */
  loaded: number;
  columns: ReturnType<typeof useCollectionColumns>;
  /** What the rows chosen can be given (another feature's), where the list has checkboxes. */
  chosen: ReactNode;
  actions: ReactNode;
}) {
  const label = COLLECTION_LABELS[collection];
  const status =
    list.isError && loaded === 0
      ? ''
      : list.isPending
        ? 'Loading…'
        : `${loaded.toLocaleString()} loaded${list.hasNextPage ? ' — more' : ''}${list.isFetchingNextPage ? ' (loading…)' : ''}`;
  return (
    <header className="toolbar list-toolbar">
      <h1>{label}</h1>
      <span className="muted" role="status" aria-live="polite">
        {status}
      </span>
      <span className="spacer" />
      {chosen}
      {actions}
      <ExportButton collection={collection} filters={query} />
      {isSummed(collection) ? (
        <ListPdfButton collection={collection} filters={query} columns={columns.visible} />
      ) : null}
      <ColumnChooser
        available={columns.available}
        visible={columns.visible}
        onChange={columns.choose}
        onReset={columns.reset}
      />
      <button
        type="button"
        className="btn"
        // The service first, where the list was answered from the copy; its answer is shown either way.
        onClick={() => void reloadFromService(collection, query).finally(() => void list.refetch())}
        aria-label={`Reload ${label.toLowerCase()}`}
      >
        <RotateCw size={14} aria-hidden /> Reload
      </button>
    </header>
  );
}

export interface CollectionViewProps {
  collection: Collection;
  recordId?: string;
  query: Record<string, string>;
  /** What the screen says above the list about its filters (another feature's words). */
  note?: ReactNode;
  /** What may be done with the selected record, shown in its details panel (another feature's buttons). */
  recordActions?: RecordActions;
  /** What may be drafted from the list as a whole, beside its toolbar (another feature's buttons). */
  listActions?: ListActions;
  /** What may be drafted from the rows chosen (another feature's buttons); absent: no checkboxes. */
  chosenActions?: ChosenActions;
}

export function CollectionView({
  collection,
  recordId,
  query,
  note,
  recordActions,
  listActions,
  chosenActions,
}: CollectionViewProps) {
  const navigate = useNavigate();
  const { list, rows, loadMore, restart, sort, onSort, scope, loadAll } = useSortedList(collection, query);
  const { contract } = useContract();
  const fields = contract?.recordFields[collection];
  const enumValues = useMemo(() => enumsByName(fields), [fields]);
  const columns = useCollectionColumns(collection, contract, rows);
  const filtered = Object.keys(query).length > 0;
  const selection = useRecordSelection(collection, query, rows, recordId);
  const label = COLLECTION_LABELS[collection];
  const { labels, onShown } = useShownLabels(rows, columns.visible);
  const currency = useCurrency();
  const { sum, whole } = useListSum(collection, query, rows, contract, currency);
  const choice = useListChoice(collection, query, rows, contract, chosenActions);

  return (
    <>
      <CollectionToolbar
        collection={collection}
        query={query}
        list={list}
        loaded={rows.length}
        columns={columns}
        chosen={choice.actions}
        actions={listActions?.(collection, query) ?? null}
      />
      <FilterBar
        collection={collection}
        values={query}
        enumValues={enumValues}
        onChange={(filters) => navigate({ view: 'collection', collection, query: filters })}
      />
      {sort && scope ? (
        <SortNote
          sort={sort}
          label={columns.available.find((c) => c.name === sort.field)?.label ?? sort.field}
          scope={scope}
          onLoadAll={loadAll}
        />
      ) : null}
      {note}
      {filtered && sum ? (
        <SumLine sum={sum} whole={whole} more={list.hasNextPage} currency={currency} />
      ) : null}
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
            <NoRecords label={label} filtered={filtered} />
          ) : null}
          {rows.length > 0 ? (
            <RecordGrid
              label={label}
              rows={rows}
              columns={columns.visible}
              selectedIndex={selection.selectedIndex}
              hasMore={!!list.hasNextPage}
              onSelect={selection.select}
              onOpen={(i) => selection.open(i)}
              onOpenPage={selection.openPage}
              onClose={selection.close}
              onNeedMore={loadMore}
              currency={currency}
              labels={labels}
              onShown={onShown}
              sort={sort}
              onSort={onSort}
              choice={choice.grid}
            />
          ) : null}
        </div>
        {recordId ? (
          <RecordPanel
            collection={collection}
            id={recordId}
            onClose={selection.close}
            {...(recordActions ? { actions: recordActions } : {})}
          />
        ) : null}
      </div>
    </>
  );
}

/** An empty list: what it means, and what to do about it. */
function NoRecords({ label, filtered }: { label: string; filtered: boolean }) {
  return (
    <EmptyState heading={`No ${label.toLowerCase()} found`}>
      {filtered
        ? 'Nothing matches these filters. Clear them to see everything.'
        : `This organisation has no ${label.toLowerCase()} yet.`}
    </EmptyState>
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
      <EmptyState heading="Not allowed" role="alert">
        {errorMessage(error)}
      </EmptyState>
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
