// A virtualized, keyboard-driven grid of records: only the rows on screen are in the DOM, the next
// page is requested before the user reaches the end, arrow keys or J/K move the selection, a click
// shows the record in the details panel and Enter or a double-click opens its page. Where rows are
// chosen to act on together, each has a checkbox, and Ctrl-, Shift-click or Space choose them.
// React renders the frame (header, scroll area, keyboard); the rows are drawn by the GridBody.
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { ListSort } from '../../../../shared/list-order';
import type { LabelLookup } from '../../labels/label-view';
import type { ColumnDef } from './columns';
import { columnTemplate, columnWidth } from './columns';
import { GridBody } from './grid-body';
import type { GridChoice } from './grid-body';
import { CHECK_WIDTH, checkTemplate } from './grid-painter';
import { gridKeyAction } from './grid-keys';
import type { RowSource } from './paged-rows';
import { SortHeader } from './sort-header';

const PREFETCH_ROWS = 40;

export interface RecordGridProps {
  label: string;
  rows: RowSource;
  columns: ColumnDef[];
  selectedIndex: number;
  hasMore: boolean;
  onSelect: (index: number) => void;
  /** A click: the row's record in the details panel. */
  onOpen: (index: number) => void;
  /** Enter or a double-click: the row's record on a page of its own. */
  onOpenPage: (index: number) => void;
  onClose: () => void;
  onNeedMore: () => void;
  /** The active connection's currency, in which money cells are shown. */
  currency: string;
  /** The labels of the references in view (see onShown). */
  labels: LabelLookup;
  /** Told the first and last rows drawn whenever they change, so their references are named. */
  onShown: (first: number, last: number) => void;
  /** The list's sort, shown on its heading; a heading's click asks for the next one. */
  sort: ListSort | null;
  onSort: (column: ColumnDef) => void;
  /** Where rows are chosen to act on together (a checkbox each; Space turns the selected row's). */
  choice?: GridChoice | undefined;
}

export function RecordGrid({
  label,
  rows,
  columns,
  selectedIndex,
  hasMore,
  onSelect,
  onOpen,
  onOpenPage,
  onClose,
  onNeedMore,
  currency,
  labels,
  onShown,
  sort,
  onSort,
  choice,
}: RecordGridProps) {
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);

  // Parents pass new callbacks on every render; the body and the rows call the latest.
  const latest = useRef({ onSelect, onOpen, onOpenPage, onNeedMore, onShown, hasMore, length: rows.length });
  useLayoutEffect(() => {
    latest.current = { onSelect, onOpen, onOpenPage, onNeedMore, onShown, hasMore, length: rows.length };
  });

  const onDrawn = useCallback((first: number, last: number) => {
    const { hasMore, length, onNeedMore, onShown } = latest.current;
    onShown(first, last);
    if (hasMore && last >= length - PREFETCH_ROWS) onNeedMore();
  }, []);
  const onActivate = useCallback((index: number) => {
    latest.current.onSelect(index);
    latest.current.onOpen(index);
  }, []);
  const onOpenRowPage = useCallback((index: number) => latest.current.onOpenPage(index), []);

  const template = checkTemplate(Boolean(choice)) + columnTemplate(columns);
  const width = columns.reduce((sum, c) => sum + columnWidth(c), choice ? CHECK_WIDTH : 0);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (choice && event.key === ' ' && event.target === event.currentTarget && selectedIndex >= 0) {
      event.preventDefault();
      return choice.onChoose(selectedIndex, event.shiftKey);
    }
    const action = gridKeyAction(event.key, selectedIndex, rows.length - 1);
    if (!action) return;
    if (action.kind !== 'close') event.preventDefault();
    if (action.kind === 'move') onSelect(action.to);
    else if (action.kind === 'open-page') onOpenPage(selectedIndex);
    else onClose();
  }

  const active = selectedIndex >= 0 ? rows.get(selectedIndex) : undefined;
  return (
    <div
      ref={setScrollElement}
      className="vgrid"
      role="grid"
      aria-label={label}
      aria-rowcount={hasMore ? -1 : rows.length + 1}
      aria-colcount={columns.length}
      aria-activedescendant={active ? `row-${active.id}` : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <div role="rowgroup" className="vgrid-head" style={{ width }}>
        <div role="row" aria-rowindex={1} className="vgrid-row" style={{ gridTemplateColumns: template }}>
          {choice ? (
            <div role="columnheader" className="vgrid-check">
              <span className="visually-hidden">Chosen</span>
            </div>
          ) : null}
          {columns.map((c) => (
            <SortHeader key={c.name} column={c} sort={sort} onSort={onSort} />
          ))}
        </div>
      </div>
      <GridBody
        scrollElement={scrollElement}
        rows={rows}
        columns={columns}
        selectedIndex={selectedIndex}
        width={width}
        currency={currency}
        labels={labels}
        onDrawn={onDrawn}
        onActivate={onActivate}
        onOpenPage={onOpenRowPage}
        choice={choice}
      />
    </div>
  );
}
