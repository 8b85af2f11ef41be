// The body of a portfolio table: every row under its group heading, virtualized so a view of 100,000
// rows keeps only those near the scrolled position in the DOM, with spacer rows standing for the rest.
// It stays a real table for screen readers (each row carries its aria-rowindex among all of them) and
// draws every row while the page is printed.
import { useVirtualizer } from '@tanstack/react-virtual';
import type { VirtualItem } from '@tanstack/react-virtual';
import type { PortfolioColumn, PortfolioRow } from '../../../../shared/portfolio';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { usePrintMode } from '../../lib/print-mode';
import { navigate } from '../../router/use-route';
import { useCurrency } from '../connections/use-currency';
import { formatCell, isNumericKind } from './format-cell';
import type { BodyLine } from '../../../../shared/portfolio-body-lines';

const lineKey = (line: BodyLine) => (line.kind === 'group' ? `group:${line.key}` : `row:${line.row.id}`);

// Estimates only: each drawn row is measured, so a wrapped or taller row does not throw the scroll off.
const ROW_HEIGHT = 26;
const GROUP_HEIGHT = 29;
const HEAD_HEIGHT = 27;

export interface PortfolioRowsProps {
  lines: readonly BodyLine[];
  columns: readonly PortfolioColumn[];
  /** Each row names its group in a first cell (the lines hold no group headings). */
  groupColumn?: boolean;
  /** The element the rows scroll in; null until it is in the page. */
  scroller: HTMLDivElement | null;
  /** The choice per row of the views that act on chosen rows (Expirations, Maintenance); absent for others. */
  choice?: RowChoice;
  /** What a row offers to do, in a last cell (Vacancy: "New tenancy"); absent for views without. */
  action?: RowAction;
}

export type RowAction = (row: PortfolioRow) => ReactNode;

/** Rows chosen with their checkboxes, a Shift-click choosing every row from the last one chosen. */
export interface RowChoice {
  chosen: ReadonlySet<string>;
  /** These rows in (on) or out; `range`: from the row last picked to this one, as shown. */
  pick: (ids: string[], on: boolean, range: boolean) => void;
  /** The name of a row's checkbox and of a heading's checkbox for all its rows. */
  rowLabel: (row: PortfolioRow) => string;
  groupLabel: (group: string) => string;
}

/** Whether the click that turned a checkbox held Shift (its change event comes from that click). */
const shifted = (event: { nativeEvent: Event }) =>
  event.nativeEvent instanceof window.MouseEvent && event.nativeEvent.shiftKey;

/** A click on a row with Ctrl (⌘) turns its choice; with Shift, chooses the rows up to it. */
function rowClick(choice: RowChoice, id: string) {
  return (event: MouseEvent) => {
    if (event.target instanceof HTMLElement && event.target.closest('input, button, a')) return;
    if (event.shiftKey) choice.pick([id], true, true);
    else if (event.ctrlKey || event.metaKey) choice.pick([id], !choice.chosen.has(id), false);
  };
}

export function PortfolioRows({ lines, columns, groupColumn, scroller, choice, action }: PortfolioRowsProps) {
  const printing = usePrintMode();
  const currency = useCurrency();
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scroller,
    estimateSize: (i) => (lines[i]?.kind === 'group' ? GROUP_HEIGHT : ROW_HEIGHT),
    getItemKey: (i) => lineKey(lines[i]!),
    paddingStart: HEAD_HEIGHT,
    overscan: 20,
  });
  const width = columns.length + (choice ? 1 : 0) + (action ? 1 : 0) + (groupColumn ? 1 : 0);
  const line = (index: number, measured: boolean) => (
    <Line
      key={lineKey(lines[index]!)}
      line={lines[index]!}
      index={index}
      columns={columns}
      groupColumn={groupColumn === true}
      width={width}
      choice={choice}
      action={action}
      currency={currency}
      measure={measured ? virtualizer.measureElement : undefined}
    />
  );
  if (printing) return <tbody>{lines.map((_, i) => line(i, false))}</tbody>;

  const items: VirtualItem[] = virtualizer.getVirtualItems();
  const before = items.length ? items[0]!.start - HEAD_HEIGHT : 0;
  const after = items.length ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;
  return (
    <tbody>
      {before > 0 ? <Spacer height={before} width={width} /> : null}
      {items.map((item) => line(item.index, true))}
      {after > 0 ? <Spacer height={after} width={width} /> : null}
    </tbody>
  );
}

/** Stands for rows not drawn, so the scroll bar is as long as the whole table; not read out. */
function Spacer({ height, width }: { height: number; width: number }) {
  return (
    <tr aria-hidden="true" className="pf-spacer">
      <td colSpan={width} style={{ height }} />
    </tr>
  );
}

interface LineProps {
  line: BodyLine;
  index: number;
  columns: readonly PortfolioColumn[];
  groupColumn: boolean;
  width: number;
  choice: PortfolioRowsProps['choice'];
  action: RowAction | undefined;
  /** The connection's currency, for money cells. */
  currency: string;
  measure: ((element: Element | null) => void) | undefined;
}

function Line({ line, index, columns, groupColumn, width, choice, action, currency, measure }: LineProps) {
  // Row 1 is the column headings.
  const common = { 'data-index': index, 'aria-rowindex': index + 2, ref: measure };
  if (line.kind === 'group') {
    const ids = line.rows.map((r) => r.id);
    const all = choice ? ids.every((id) => choice.chosen.has(id)) : false;
    return (
      <tr className="pf-group" {...common}>
        {choice ? (
          <td className="pf-check">
            <input
              type="checkbox"
              checked={all}
              aria-label={choice.groupLabel(line.group)}
              onChange={(e) => choice.pick(ids, e.target.checked, false)}
            />
          </td>
        ) : null}
        <th scope="colgroup" colSpan={width - (choice ? 1 : 0)}>
          {line.group} <span className="muted">· {line.rows.length.toLocaleString()}</span>
          {/* A space keeps the count and the second line apart when read aloud or copied. */}
          {line.note ? <span className="pf-group-note muted"> {line.note}</span> : null}
        </th>
      </tr>
    );
  }
  const { row } = line;
  // A row opens its record (Vacancy: the unit; Delinquency: the tenant) on Enter or a double-click,
  // as a list's rows do.
  const opens = row.opens;
  const open = opens ? () => navigate({ view: 'record', collection: opens.collection, id: opens.id }) : null;
  return (
    <tr
      className={row.flag ? `pf-flag-${row.flag.replace(/\s+/g, '-')}` : undefined}
      {...common}
      {...(choice ? { onClick: rowClick(choice, row.id) } : {})}
      {...(open
        ? {
            tabIndex: 0,
            className: row.flag ? `pf-flag-${row.flag.replace(/\s+/g, '-')} pf-opens` : 'pf-opens',
            onDoubleClick: open,
            onKeyDown: (e: KeyboardEvent) => {
              if (e.key === 'Enter' && e.target === e.currentTarget) open();
            },
          }
        : {})}
    >
      {choice ? (
        <td className="pf-check">
          <input
            type="checkbox"
            checked={choice.chosen.has(row.id)}
            aria-label={choice.rowLabel(row)}
            onChange={(e) => choice.pick([row.id], e.target.checked, shifted(e))}
          />
        </td>
      ) : null}
      {groupColumn ? (
        <th scope="row" className="pf-row-group">
          {row.group}
          {row.groupNote ? <span className="pf-group-note muted"> {row.groupNote}</span> : null}
        </th>
      ) : null}
      {columns.map((c, i) => (
        <td key={c.key} className={isNumericKind(c.kind) ? 'num' : undefined}>
          {formatCell(row.cells[c.key], c.kind, currency)}
          {i === 0 && row.flag ? <span className="pf-flag">{row.flag}</span> : null}
        </td>
      ))}
      {action ? (
        // A double-click on the action is the action's, not the row's "open".
        <td className="pf-action" onDoubleClick={(e) => e.stopPropagation()}>
          {action(row)}
        </td>
      ) : null}
    </tr>
  );
}
