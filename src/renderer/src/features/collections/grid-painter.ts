// Draws the rows of a virtual grid into a small, fixed set of row elements, outside React. While the
// user scrolls, a row that stays on screen is left alone and a row coming into view takes over the
// element of one that left: its text nodes get new text and nothing is created or thrown away.
// Rendering the rows through React instead made about 20 rows of elements, props and fibers every
// frame, and the garbage collector's pauses for that were the long tasks of a fast scroll.
import { formatTyped } from '../../lib/format-typed';
import { fieldRef, isReferenceField } from '../../labels/record-refs';
import type { LabelLookup } from '../../labels/label-view';
import type { ColumnDef } from './columns';
import { columnTemplate, isNumericColumn } from './columns';
import type { ServiceRecord } from '../../../../shared/service';
import type { RowSource } from './paged-rows';

export const ROW_HEIGHT = 32;

/** The width of the checkbox column, where rows are chosen. */
export const CHECK_WIDTH = 34;
/** The checkbox column's part of a row's grid template. */
export const checkTemplate = (on: boolean): string => (on ? `${CHECK_WIDTH}px ` : '');

interface Slot {
  el: HTMLDivElement;
  texts: Text[];
  /** The cells of reference columns (others are null): their title and style follow the label. */
  refCells: Array<HTMLDivElement | null>;
  /**
   * What each text node was last given. Compared instead of reading `node.data`, which would make
   * the browser hand back a new JS string for every cell of every row drawn.
   */
  shown: string[];
  /** The row this element shows, or -1 when it shows none or must be drawn again. */
  index: number;
  selected: boolean;
  /** The row's checkbox, in lists whose rows are chosen to act on together; null in others. */
  box: HTMLInputElement | null;
}

const NO_ROWS: RowSource = { length: 0, get: () => undefined };
/** Until a screen passes labels, a reference shows its ID as if its label were loading. */
const NO_LABELS: LabelLookup = (_collection, id) => ({ state: 'loading', id, text: id, title: id });

export class GridPainter {
  /** `currency`: the active connection's, in which money cells are shown. */
  constructor(currency: string) {
    this.currency = currency;
  }

  private body: HTMLElement | null = null;
  /** Row `i` is drawn in `slots[i % slots.length]`, so a row keeps its element while in view. */
  private slots: Slot[] = [];
  private rows: RowSource = NO_ROWS;
  private columns: readonly ColumnDef[] = [];
  private columnsKey = '';
  private template = '';
  private selectedIndex = -1;
  private labels: LabelLookup = NO_LABELS;
  private currency: string;
  private referenceColumns: boolean[] = [];
  /** The IDs of the rows chosen; null where rows are not chosen (no checkbox column). */
  private chosen: ReadonlySet<string> | null = null;
  /** What a row's checkbox is called, from its record. */
  private boxLabel: (record: ServiceRecord) => string = (record) => `Choose ${record.id}`;

  mount(body: HTMLElement): void {
    this.body = body;
    this.clear();
  }

  unmount(): void {
    this.clear();
    this.body = null;
  }

  setRows(rows: RowSource): void {
    if (rows === this.rows) return;
    // More pages arriving leave the rows already drawn where they are; any other list redraws them.
    const kept = rows.continues?.(this.rows) ?? false;
    this.rows = rows;
    if (!kept) this.forget();
  }

  setColumns(columns: readonly ColumnDef[]): void {
    // Compared by what is shown, not by identity: a parent may rebuild equal columns on any render.
    const key = columns.map((c) => `${c.name}:${c.type}:${c.money ?? ''}:${c.size ?? ''}`).join('|');
    if (key === this.columnsKey) return;
    this.columns = columns;
    this.columnsKey = key;
    this.template = checkTemplate(this.chosen !== null) + columnTemplate(columns);
    this.referenceColumns = columns.map((c) => isReferenceField(c.name));
    // The cells themselves differ, so the rows are built afresh.
    this.clear();
  }

  /** Another currency (the connection's was changed) redraws every row on the next paint. */
  setCurrency(currency: string): void {
    if (currency === this.currency) return;
    this.currency = currency;
    this.forget();
  }

  /** New labels (more answered) redraw the rows in view on the next paint. */
  setLabels(labels: LabelLookup): void {
    if (labels === this.labels) return;
    this.labels = labels;
    this.forget();
  }

  setSelected(index: number): void {
    this.selectedIndex = index;
  }

  /** The rows chosen (null: the list has no checkboxes), and what each checkbox is called. */
  setChosen(chosen: ReadonlySet<string> | null, label?: (record: ServiceRecord) => string): void {
    if (label) this.boxLabel = label;
    // A checkbox column coming or going changes every row's cells: they are built afresh.
    if ((chosen === null) !== (this.chosen === null)) {
      this.template = checkTemplate(chosen !== null) + columnTemplate(this.columns);
      this.clear();
    }
    this.chosen = chosen;
  }

  /** The row an element inside the grid body belongs to, or -1. */
  indexAt(target: EventTarget | null): number {
    const row = target instanceof Element ? target.closest('[role="row"]') : null;
    const slot = row ? this.slots.find((s) => s.el === row) : undefined;
    return slot ? slot.index : -1;
  }

  /**
   * Shows rows `first` to `last`, both included; nothing when `last` is before `first`. While the
   * user scrolls, elements are only refilled and moved by a transform: moving them in the document
   * would make the browser build their layout afresh, and that garbage too made collector pauses.
   * Once the view is at rest the elements are put in screen order, which is what a screen reader
   * reads.
   */
  paint(first: number, last: number, atRest: boolean): void {
    const body = this.body;
    if (!body) return;
    last = Math.min(last, this.rows.length - 1);
    const count = Math.max(0, last - first + 1);
    // The set of elements only grows (to the most rows ever in view); a new size moves every row
    // to another element, so all are drawn again, once.
    if (count > this.slots.length) {
      while (this.slots.length < count) this.slots.push(this.createSlot(body));
      this.forget();
    }
    const slots = this.slots;
    for (let index = first; index <= last; index++) {
      const slot = slots[index % slots.length]!;
      if (slot.index !== index) this.draw(slot, index);
      const selected = index === this.selectedIndex;
      if (slot.selected !== selected) {
        slot.selected = selected;
        slot.el.setAttribute('aria-selected', String(selected));
      }
      if (slot.box) {
        // Read from the box itself: a click turns it before the list hears of the choice.
        const id = this.rows.get(index)?.id;
        const on = id !== undefined && this.chosen!.has(id);
        if (slot.box.checked !== on) slot.box.checked = on;
      }
    }
    for (const slot of slots) {
      const shown = slot.index >= first && slot.index <= last;
      if (!shown) slot.index = -1;
      if (slot.el.hidden === shown) slot.el.hidden = !shown;
    }
    if (atRest) this.putInScreenOrder(body);
  }

  private putInScreenOrder(body: HTMLElement): void {
    const ordered = this.slots
      .filter((s) => s.index >= 0)
      .sort((a, b) => a.index - b.index)
      .map((s) => s.el);
    let next = body.firstElementChild;
    for (const el of ordered) {
      if (el === next) next = el.nextElementSibling;
      else body.insertBefore(el, next);
    }
  }

  private draw(slot: Slot, index: number): void {
    const record = this.rows.get(index);
    const el = slot.el;
    slot.index = index;
    el.id = record ? `row-${record.id}` : '';
    el.setAttribute('aria-rowindex', String(index + 2));
    el.style.transform = `translateY(${index * ROW_HEIGHT}px)`;
    if (slot.box) slot.box.setAttribute('aria-label', record ? this.boxLabel(record) : '');
    const columns = this.columns;
    for (let c = 0; c < columns.length; c++) {
      const column = columns[c]!;
      const cell = slot.refCells[c];
      const ref = cell && record ? fieldRef(record, column.name) : undefined;
      let text: string;
      if (ref) {
        const view = this.labels(ref.collection, ref.id);
        text = view.text;
        cell!.title = view.title;
        cell!.className = view.state === 'named' ? 'ref' : 'ref muted mono';
      } else {
        text = !record
          ? ''
          : column.derived?.text
            ? column.derived.text(record)
            : formatTyped(record[column.name], column, this.currency);
        if (cell) {
          cell.title = '';
          cell.className = 'ref';
        }
      }
      if (slot.shown[c] !== text) {
        slot.shown[c] = text;
        slot.texts[c]!.data = text;
      }
    }
  }

  private createSlot(body: HTMLElement): Slot {
    const el = document.createElement('div');
    el.className = 'vgrid-row';
    el.setAttribute('role', 'row');
    el.setAttribute('aria-selected', 'false');
    el.style.gridTemplateColumns = this.template;
    const box = this.chosen === null ? null : this.checkCell(el);
    const refCells: Array<HTMLDivElement | null> = [];
    const texts = this.columns.map((column, c) => {
      const cell = document.createElement('div');
      cell.setAttribute('role', 'gridcell');
      if (isNumericColumn(column)) cell.className = 'num';
      refCells.push(this.referenceColumns[c] ? cell : null);
      const text = document.createTextNode('');
      cell.append(text);
      el.append(cell);
      return text;
    });
    body.append(el);
    return { el, texts, refCells, shown: texts.map(() => ''), index: -1, selected: false, box };
  }

  /** The first cell of a row whose record can be chosen: its checkbox. */
  private checkCell(el: HTMLDivElement): HTMLInputElement {
    const cell = document.createElement('div');
    cell.setAttribute('role', 'gridcell');
    cell.className = 'vgrid-check';
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.tabIndex = -1;
    cell.append(box);
    el.append(cell);
    return box;
  }

  /** Every element is drawn again on the next paint. */
  private forget(): void {
    for (const slot of this.slots) slot.index = -1;
  }

  private clear(): void {
    for (const slot of this.slots) slot.el.remove();
    this.slots = [];
  }
}
