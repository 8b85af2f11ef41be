// The grid's rows. @tanstack/react-virtual's useVirtualizer follows the scroll area and says which
// rows are in view; the painter draws them into this body element without React (see
// grid-painter.ts). The hook re-renders its component on every change of the rows in view, which on
// a fast scroll is every frame, so it lives in this component, whose render is one empty element.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { MouseEvent } from 'react';
import type { LabelLookup } from '../../labels/label-view';
import type { ColumnDef } from './columns';
import { GridPainter, ROW_HEIGHT } from './grid-painter';
import type { ServiceRecord } from '../../../../shared/service';
import type { RowSource } from './paged-rows';

/** Rows drawn beyond each edge of the view, so a scroll shows drawn rows before the next frame. */
const OVERSCAN = 12;

export interface GridBodyProps {
  /** The grid's scroll area once mounted (a ref would still be empty in this child's first layout effects). */
  scrollElement: HTMLDivElement | null;
  rows: RowSource;
  columns: ColumnDef[];
  selectedIndex: number;
  width: number;
  /** The active connection's currency, in which money cells are shown. */
  currency: string;
  /** The labels of the references in view. */
  labels: LabelLookup;
  /** Told the first and last rows drawn after every change, to ask for more rows (and labels) in time. */
  onDrawn: (first: number, last: number) => void;
  /** A row was clicked. */
  onActivate: (index: number) => void;
  /** A row was double-clicked: its record's page opens. */
  onOpenPage: (index: number) => void;
  /** Where rows are chosen to act on together: which are, and what choosing one does. */
  choice?: GridChoice | undefined;
}

/** Rows chosen by their checkboxes, a Ctrl (⌘) click turning one, a Shift-click a run up to it. */
export interface GridChoice {
  chosen: ReadonlySet<string>;
  /** `range`: every row from the one last chosen to this one. */
  onChoose: (index: number, range: boolean) => void;
  /** What a row's checkbox is called. */
  label: (record: ServiceRecord) => string;
}

export function GridBody({
  scrollElement,
  rows,
  columns,
  selectedIndex,
  width,
  currency,
  labels,
  onDrawn,
  onActivate,
  onOpenPage,
  choice,
}: GridBodyProps) {
  const bodyRef = useRef<HTMLDivElement>(null);
  const [painter] = useState(() => new GridPainter(currency));
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollElement,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
  });

  useLayoutEffect(() => {
    painter.mount(bodyRef.current!);
    return () => painter.unmount();
  }, [painter]);

  // After every render (the hook's on a scroll, or new rows, columns or selection): draw what is in view.
  useLayoutEffect(() => {
    painter.setRows(rows);
    painter.setChosen(choice?.chosen ?? null, choice?.label);
    painter.setColumns(columns);
    painter.setSelected(selectedIndex);
    painter.setLabels(labels);
    painter.setCurrency(currency);
    // Indexes rather than virtual items: the virtualizer keeps every item it has handed out as an
    // object for as long as the list lives, 100,000 objects once the user has scrolled to the end.
    // Every row is exactly ROW_HEIGHT, so the painter places a row by its index. The default range
    // is one run of consecutive rows: the visible ones and the overscan.
    const indexes = virtualizer.getVirtualIndexes();
    const first = indexes[0] ?? 0;
    const last = indexes.length ? indexes[indexes.length - 1]! : -1;
    painter.paint(first, last, !virtualizer.isScrolling);
    onDrawn(first, last);
  });

  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, virtualizer]);

  function onClick(event: MouseEvent<HTMLDivElement>) {
    const index = painter.indexAt(event.target);
    if (index < 0) return;
    const onBox = event.target instanceof HTMLInputElement;
    if (choice && (onBox || event.shiftKey || event.ctrlKey || event.metaKey)) {
      choice.onChoose(index, event.shiftKey);
      return;
    }
    onActivate(index);
  }

  function onDoubleClick(event: MouseEvent<HTMLDivElement>) {
    if (event.target instanceof HTMLInputElement) return;
    const index = painter.indexAt(event.target);
    if (index >= 0) onOpenPage(index);
  }

  return (
    // Rows are drawn into this element by the painter; React never renders into it.
    <div
      ref={bodyRef}
      role="rowgroup"
      className="vgrid-body"
      style={{ height: rows.length * ROW_HEIGHT, width, position: 'relative' }}
      onClick={onClick}
      onDoubleClick={onDoubleClick}
    />
  );
}
