// One portfolio view as a dense table: summary figures, plain-words notes, then rows under their group
// headings with numbers right-aligned, every row of the view (virtualized; all drawn when printed) under
// a sticky header row whose headings sort the rows. The expirations view adds a choice per lease and
// buttons for a rent review or renewals of the chosen leases; the maintenance view a choice per request
// and "Set status…" for the chosen ones; the vacancy view a "New tenancy" per unit.
import { FigureNotes } from './figure-notes';
import { formatRoute } from '../../router/routes';
import { ArrowDown, ArrowUp, ArrowUpDown, CalendarPlus, TrendingUp } from 'lucide-react';
import { RenewDialog } from '../renewals/renew-dialog';
import { useMemo, useState } from 'react';
import type { PortfolioColumn, PortfolioRow, PortfolioTable as Table } from '../../../../shared/portfolio';
import { useCurrency } from '../connections/use-currency';
import { FindBox, rowsFound } from './find-box';
import { formatCell, isNumericKind } from './format-cell';
import { bodyLines } from '../../../../shared/portfolio-body-lines';
import { PortfolioRows } from './portfolio-rows';
import type { RowAction } from './portfolio-rows';
import { NewTenancyForUnit } from '../drafts/from-here/new-tenancy';
import { SetStatusDialog } from '../drafts/set-status/set-status-dialog';
import { nextTableSort, sortedTableRows } from './table-sort';
import type { TableSort } from './table-sort';
import { useRowChoice } from './use-row-choice';
import { EmptyState } from '../../ui/empty-state';
import { useFindWords } from '../../state/find-words';
import { columnTotals } from '../../../../shared/column-totals';
import { currencyDigits } from '../../../../shared/money';

/** A vacant unit's row offers to draft its new tenancy. */
const newTenancy: RowAction = (row) =>
  row.opens?.collection === 'units' ? (
    <NewTenancyForUnit
      unitId={row.opens.id}
      name={[row.group, row.cells.unit].filter((part) => part !== null && part !== '').join(' · ')}
    />
  ) : null;

/** The columns a screen shows: all but the records' IDs. */
export const shownColumns = (columns: readonly PortfolioColumn[]): PortfolioColumn[] =>
  columns.filter((c) => c.kind !== 'id');

export function rentReviewHash(leaseIds: readonly string[]): string {
  return formatRoute({ view: 'rent-review', leases: [...leaseIds] });
}

/** The sticky row of column headings, with the choice, group and action columns the view has. */
function Head({
  columns,
  selectable,
  action,
  groupColumn,
  sort,
  onSort,
}: {
  sort: TableSort | null;
  onSort: (column: PortfolioColumn) => void;
  columns: readonly PortfolioColumn[];
  selectable: boolean;
  action: boolean;
  /** The heading of a first column naming each row's group; null where groups are headings. */
  groupColumn: string | null;
}) {
  return (
    <thead>
      <tr aria-rowindex={1}>
        {selectable ? (
          <th scope="col" className="pf-check">
            <span className="visually-hidden">Chosen</span>
          </th>
        ) : null}
        {groupColumn ? <th scope="col">{groupColumn}</th> : null}
        {columns.map((c) => (
          <SortHeading key={c.key} column={c} sort={sort} onSort={onSort} />
        ))}
        {action ? (
          <th scope="col" className="pf-action">
            <span className="visually-hidden">Actions</span>
          </th>
        ) : null}
      </tr>
    </thead>
  );
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** A column heading whose click sorts the rows by it (see table-sort.ts). */
function SortHeading({
  column,
  sort,
  onSort,
}: {
  column: PortfolioColumn;
  sort: TableSort | null;
  onSort: (column: PortfolioColumn) => void;
}) {
  const direction = sort?.key === column.key ? sort.direction : null;
  const Arrow = direction === 'asc' ? ArrowUp : direction === 'desc' ? ArrowDown : ArrowUpDown;
  const numeric = isNumericKind(column.kind);
  return (
    <th
      scope="col"
      className={numeric ? 'num' : undefined}
      aria-sort={direction ? ARIA_SORT[direction] : 'none'}
    >
      <button
        type="button"
        className={`sort-header${direction ? ' sorted' : ''}${numeric ? ' num' : ''}`}
        onClick={() => onSort(column)}
        title={`Sort by ${column.label}`}
      >
        <span className="sort-label">{column.label}</span>
        <Arrow size={12} aria-hidden className="sort-arrow" />
      </button>
    </th>
  );
}

/**
 * The totals under the rows, in the row count's place when the first column has no total: the view's
 * own, or, with rows found by the Find box, those of the rows found ("Total · 7 of 84 rows").
 */
function TotalRow({
  table,
  found,
  columns,
  rowIndex,
  selectable,
  action,
}: {
  table: Table;
  /** The rows found by the Find box; null when it holds no words. */
  found: readonly PortfolioRow[] | null;
  columns: readonly PortfolioColumn[];
  /** Its place among the table's rows, for assistive technology (rows drawn or not). */
  rowIndex: number;
  selectable: boolean;
  action: boolean;
}) {
  const currency = useCurrency();
  const totals = useMemo(
    () => (found ? columnTotals(table.columns, found, currencyDigits(currency)) : table.totals),
    [found, table.columns, table.totals, currency],
  );
  const rows = found
    ? `${found.length.toLocaleString()} of ${table.rows.length.toLocaleString()} rows`
    : `${table.rows.length.toLocaleString()} rows`;
  const count = (
    <>
      Total <span className="muted">· {rows}</span>
    </>
  );
  return (
    <tfoot>
      <tr className="pf-total" aria-rowindex={rowIndex}>
        {selectable ? <td className="pf-check" /> : null}
        {table.groupHeadings ? null : <th scope="row">{count}</th>}
        {columns.map((c, i) => {
          const total = totals[c.key];
          return table.groupHeadings && i === 0 && total === undefined ? (
            <th key={c.key} scope="row">
              {count}
            </th>
          ) : (
            <td key={c.key} className={isNumericKind(c.kind) ? 'num' : undefined}>
              {total === undefined ? null : formatCell(total, c.kind, currency)}
            </td>
          );
        })}
        {action ? <td className="pf-action" /> : null}
      </tr>
    </tfoot>
  );
}

/** The view's headline figures. */
function Summary({ table }: { table: Table }) {
  const currency = useCurrency();
  return (
    <dl className="pf-summary">
      {table.summary.map((s) => (
        <div key={s.label} className="pf-figure">
          <dt>{s.label}</dt>
          <dd>{formatCell(s.value, s.kind, currency)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** No row to show: none holds the words looked for, none fits the view, or nothing came in the period. */
function NoRows({ table, find }: { table: Table; find: string }) {
  return (
    <EmptyState
      heading={table.period && !find ? `Nothing received in ${table.period.words}` : 'Nothing to show'}
    >
      {find
        ? 'No row holds those words.'
        : table.period
          ? 'No payment in the offline copy was received in this period. Choose another period above.'
          : 'No records in the offline copy fit this view.'}
    </EmptyState>
  );
}

/** The views whose rows can be chosen and acted on together, and what a checkbox is called there. */
const CHOICE_WORDS: Partial<
  Record<Table['view'], { row: (row: PortfolioRow) => string; group: (group: string) => string }>
> = {
  expirations: {
    row: (row) => `Choose lease ${String(row.cells.lease ?? row.id)}`,
    group: (group) => `Choose all leases ending within ${group}`,
  },
  maintenance: {
    row: (row) => `Choose request ${String(row.cells.title ?? row.id)}`,
    group: (group) => `Choose all requests at ${group}`,
  },
};

/** What the chosen rows can be given: a rent review or renewals (leases), a status (requests). */
function ChosenActions({ view, chosen }: { view: Table['view']; chosen: ReadonlySet<string> }) {
  const ids = [...chosen];
  if (view === 'maintenance') {
    return (
      <div className="pf-actions">
        <span className="muted" role="status">
          {chosen.size
            ? `${chosen.size.toLocaleString()} ${chosen.size === 1 ? 'request' : 'requests'} chosen`
            : 'Choose requests to set their status; Shift-click chooses every row up to the one clicked.'}
        </span>
        <SetStatusDialog type="maintenance_request" ids={ids} />
      </div>
    );
  }
  return (
    <div className="pf-actions">
      <span className="muted">
        {chosen.size
          ? `${chosen.size.toLocaleString()} leases chosen`
          : 'Choose leases to renew them or review their rents.'}
      </span>
      <button
        type="button"
        className="btn primary"
        disabled={chosen.size === 0}
        onClick={() => {
          window.location.hash = rentReviewHash(ids);
        }}
      >
        <TrendingUp size={14} aria-hidden /> Start rent review for {chosen.size || 'chosen'} leases
      </button>
      <RenewDialog
        leases={{ ids }}
        title={`Renew ${chosen.size.toLocaleString()} leases`}
        trigger={
          <button type="button" className="btn primary" disabled={chosen.size === 0}>
            <CalendarPlus size={14} aria-hidden /> Renew {chosen.size || 'chosen'} leases
          </button>
        }
      />
    </div>
  );
}

/** The rows shown (found by the Find words, in the heading's sort) and the lines they are drawn as. */
function useShownRows(table: Table, find: string, sort: TableSort | null) {
  const rows = useMemo(() => sortedTableRows(rowsFound(table.rows, find), sort), [table.rows, find, sort]);
  // A view whose rows are each a group of their own names the group in a first column instead.
  const lines = useMemo(
    () => (table.groupHeadings ? bodyLines(rows) : rows.map((row) => ({ kind: 'row' as const, row }))),
    [rows, table.groupHeadings],
  );
  const order = useMemo(() => lines.flatMap((l) => (l.kind === 'row' ? [l.row.id] : [])), [lines]);
  return { rows, lines, order };
}

export function PortfolioTable({ table }: { table: Table }) {
  const words = CHOICE_WORDS[table.view];
  const selectable = words !== undefined;
  const action = table.view === 'vacancy' ? newTenancy : undefined;
  const [find, setFind] = useFindWords(table.view);
  const [sort, setSort] = useState<TableSort | null>(null);
  const { rows, lines, order } = useShownRows(table, find, sort);
  const { chosen, pick } = useRowChoice(order);
  const choice = words ? { chosen, pick, rowLabel: words.row, groupLabel: words.group } : undefined;
  // IDs are written to the CSV to tell namesakes apart; on screen the second line under a name does.
  const columns = useMemo(() => shownColumns(table.columns), [table.columns]);
  // Kept in state, not a ref: the rows' virtualizer starts once the scroller is in the page.
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const totalled = Object.keys(table.totals).length > 0;

  return (
    <div className="pf-body">
      <Summary table={table} />
      <FigureNotes notes={table.notes} label="About these figures" />
      <FindBox
        find={find}
        onChange={setFind}
        title={table.title}
        found={rows.length}
        total={table.rows.length}
      />
      {selectable ? <ChosenActions view={table.view} chosen={chosen} /> : null}
      {rows.length === 0 ? (
        <NoRows table={table} find={find} />
      ) : (
        // Focusable so the rows can be scrolled from the keyboard.
        <div
          ref={setScroller}
          className="pf-scroll"
          tabIndex={0}
          role="region"
          aria-label={`${table.title}: rows`}
        >
          {/* Row 1 is the headings; then every group heading and row, drawn or not; the totals last. */}
          <table
            // A column per month is more than a landscape page holds at the screen's size: it prints smaller.
            className={table.period ? 'pf-table pf-wide' : 'pf-table'}
            aria-label={table.title}
            aria-rowcount={lines.length + (totalled ? 2 : 1)}
          >
            <Head
              sort={sort}
              onSort={(c) => setSort(nextTableSort(sort, c))}
              columns={columns}
              selectable={selectable}
              action={Boolean(action)}
              groupColumn={table.groupHeadings ? null : table.groupLabel}
            />
            <PortfolioRows
              lines={lines}
              columns={columns}
              groupColumn={!table.groupHeadings}
              scroller={scroller}
              {...(choice ? { choice } : {})}
              {...(action ? { action } : {})}
            />
            {totalled ? (
              <TotalRow
                table={table}
                found={find.trim() ? rows : null}
                columns={columns}
                rowIndex={lines.length + 2}
                selectable={selectable}
                action={Boolean(action)}
              />
            ) : null}
          </table>
        </div>
      )}
    </div>
  );
}
