// Which rows of a grid are in view, from @tanstack/react-virtual's virtualizer, drawn by the grid's
// painter. The virtualizer is used without its React hook on purpose: the hook renders the component
// again every time the rows in view change, which on a fast scroll is every frame, and the rows are
// drawn without React (see grid-painter.ts), so nothing needs rendering.
import {
  Virtualizer,
  elementScroll,
  observeElementOffset,
  observeElementRect,
} from '@tanstack/react-virtual';
import type { VirtualizerOptions } from '@tanstack/react-virtual';
import { GridPainter, ROW_HEIGHT } from './grid-painter';

/** Rows drawn beyond each edge of the view, so a scroll shows drawn rows before the next frame. */
const OVERSCAN = 12;

type Options = VirtualizerOptions<HTMLDivElement, Element>;

export class GridWindow {
  readonly painter: GridPainter;
  private scrollElement: HTMLDivElement | null = null;
  /** Told the first and last rows drawn after every change, to ask for more rows in time. */
  private onDrawn: (first: number, last: number) => void = () => {};
  private readonly virtualizer: Virtualizer<HTMLDivElement, Element>;
  private readonly options: Options;

  constructor(currency: string) {
    this.painter = new GridPainter(currency);
    this.options = {
      count: 0,
      getScrollElement: () => this.scrollElement,
      estimateSize: () => ROW_HEIGHT,
      overscan: OVERSCAN,
      observeElementRect,
      observeElementOffset,
      scrollToFn: elementScroll,
      onChange: () => this.draw(),
    };
    this.virtualizer = new Virtualizer(this.options);
  }

  /**
   * Starts following the scroll element and drawing rows into `body`; returns what stops it.
   * `onDrawn` is told the first and last rows drawn after every change, to ask for more rows (and
   * the labels of the rows in view) in time.
   */
  mount(
    scrollElement: HTMLDivElement,
    body: HTMLElement,
    onDrawn: (first: number, last: number) => void,
  ): () => void {
    this.scrollElement = scrollElement;
    this.onDrawn = onDrawn;
    this.painter.mount(body);
    const stop = this.virtualizer._didMount();
    return () => {
      stop();
      this.painter.unmount();
      this.scrollElement = null;
      this.onDrawn = () => {};
    };
  }

  /** After a render: the row count may have changed, and the scroll element may be new. */
  update(count: number): void {
    this.virtualizer.setOptions({ ...this.options, count });
    this.virtualizer._willUpdate();
    this.draw();
  }

  scrollToIndex(index: number): void {
    this.virtualizer.scrollToIndex(index, { align: 'auto' });
  }

  private draw(): void {
    // Indexes rather than virtual items: the virtualizer keeps every item it has handed out as an
    // object for as long as the list lives, 100,000 objects once the user has scrolled to the end.
    // Every row is exactly ROW_HEIGHT, so the painter places a row by its index. The default range
    // is one run of consecutive rows: the visible ones and the overscan.
    const indexes = this.virtualizer.getVirtualIndexes();
    const first = indexes[0] ?? 0;
    const last = indexes.length ? indexes[indexes.length - 1]! : -1;
    this.painter.paint(first, last, !this.virtualizer.isScrolling);
    this.onDrawn(first, last);
  }
}
