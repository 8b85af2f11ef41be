// A virtualized, keyboard-driven grid of records: only the rows on screen are in the DOM, the next
// page is requested before the user reaches the end, and arrow keys or J/K move the selection.
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { ServiceRecord } from '../../../../shared/service';
import { formatTyped } from '../../lib/format-typed';
import type { ColumnDef } from './columns';
import { columnWidth, isNumericColumn } from './columns';
import type { RowSource } from './paged-rows';
import { RowSlots } from './row-slots';

const ROW_HEIGHT = 32;
const PREFETCH_ROWS = 40;

export interface RecordGridProps {
  label: string;
  rows: RowSource;
  columns: ColumnDef[];
  selectedIndex: number;
  hasMore: boolean;
  onSelect: (index: number) => void;
  onOpen: (index: number) => void;
  onClose: () => void;
  onNeedMore: () => void;
}

interface GridRowProps {
  row: ServiceRecord;
  index: number;
  start: number;
  columns: ColumnDef[];
  template: string;
  selected: boolean;
  onActivate: (index: number) => void;
}

// Rows that stay on screen while scrolling are not rendered again; only rows coming into view are.
const GridRow = memo(function GridRow({
  row,
  index,
  start,
  columns,
  template,
  selected,
  onActivate,
}: GridRowProps) {
  return (
    <div
      id={`row-${row.id}`}
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      className="vgrid-row"
      style={{ gridTemplateColumns: template, transform: `translateY(${start}px)` }}
      onClick={() => onActivate(index)}
    >
      {columns.map((c) => (
        <div key={c.name} role="gridcell" className={isNumericColumn(c) ? 'num' : undefined}>
          {formatTyped(row[c.name], c)}
        </div>
      ))}
    </div>
  );
});

export function RecordGrid({
  label,
  rows,
  columns,
  selectedIndex,
  hasMore,
  onSelect,
  onOpen,
  onClose,
  onNeedMore,
}: RecordGridProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  // Indexes rather than virtual items: the virtualizer keeps every item it has handed out as an
  // object for as long as the list lives, 100,000 objects (and 300,000 boxed numbers) once the user
  // has scrolled to the end, which the collector then has to walk on every pass. Every row is
  // exactly ROW_HEIGHT and none is measured, so a row's place is its index times that height.
  const indexes = virtualizer.getVirtualIndexes();
  const [slots] = useState(() => new RowSlots());
  const keys = useMemo(() => slots.keysFor(indexes), [indexes, slots]);
  const lastVisible = indexes.at(-1) ?? 0;

  useEffect(() => {
    if (hasMore && lastVisible >= rows.length - PREFETCH_ROWS) onNeedMore();
  }, [hasMore, lastVisible, rows.length, onNeedMore]);

  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, virtualizer]);

  // Parents pass new callbacks on every render; rows get one stable function that calls the latest.
  const latest = useRef({ onSelect, onOpen });
  useEffect(() => {
    latest.current = { onSelect, onOpen };
  });
  const activate = useCallback((index: number) => {
    latest.current.onSelect(index);
    latest.current.onOpen(index);
  }, []);

  const template = columns.map((c) => `${columnWidth(c)}px`).join(' ');
  const width = columns.reduce((sum, c) => sum + columnWidth(c), 0);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = rows.length - 1;
    const move = (to: number) => {
      event.preventDefault();
      onSelect(Math.max(0, Math.min(last, to)));
    };
    switch (event.key) {
      case 'ArrowDown':
      case 'j':
        return move(selectedIndex + 1);
      case 'ArrowUp':
      case 'k':
        return move(selectedIndex < 0 ? 0 : selectedIndex - 1);
      case 'PageDown':
        return move(selectedIndex + 15);
      case 'PageUp':
        return move(selectedIndex - 15);
      case 'Home':
        return move(0);
      case 'End':
        return move(last);
      case 'Enter':
        if (selectedIndex >= 0) {
          event.preventDefault();
          onOpen(selectedIndex);
        }
        return;
      case 'Escape':
        onClose();
        return;
    }
  }

  const active = selectedIndex >= 0 ? rows.get(selectedIndex) : undefined;
  return (
    <div
      ref={scrollRef}
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
          {columns.map((c) => (
            <div key={c.name} role="columnheader" className={isNumericColumn(c) ? 'num' : undefined}>
              {c.label}
            </div>
          ))}
        </div>
      </div>
      <div
        role="rowgroup"
        className="vgrid-body"
        style={{ height: virtualizer.getTotalSize(), width, position: 'relative' }}
      >
        {indexes.map((index, i) => (
          <GridRow
            // Keyed by slot, not by record: a row leaving the view hands its DOM nodes to the row
            // entering it, so scrolling updates text instead of creating and removing elements.
            key={keys[i]}
            row={rows.get(index)!}
            index={index}
            start={index * ROW_HEIGHT}
            columns={columns}
            template={template}
            selected={index === selectedIndex}
            onActivate={activate}
          />
        ))}
      </div>
    </div>
  );
}
