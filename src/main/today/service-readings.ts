// Today's figures asked of the service while the offline copy is made: each figure's filtered listings
// (service-asks.ts) read whole through the connection's client at the user's priority, all of a
// figure's listings at once, and kept, in the views' shape, until the copy holds the collection. A
// figure is answered only when each of its listings reached its last page; a service that refuses a
// filter its document lists leaves the figure to the copy, and says so.
import { setMaxListeners } from 'node:events';
import { ApiError } from '../api/errors/api-error';
import { readListing } from '../api/read-listing';
import type { ServiceClient } from '../connections/types';
import type { PortfolioFocus } from '../../shared/portfolio-focus';
import type { PortfolioViewName } from '../../shared/portfolio';
import type { Collection, ServiceRecord } from '../../shared/service';
import type { ServiceAnswer, TodayFigureName } from '../../shared/today';
import { ENDING_WINDOWS, TODAY_FIGURES } from '../../shared/today';
import type { ContractReading } from '../portfolio/view-context';
import { Signal } from '../signal';
import { FIGURE_COLLECTION, outsideFilter, serviceAsks } from './service-asks';
import type { Filters } from './service-asks';

export type FigureReading =
  | { state: 'asking'; stop: () => void }
  | { state: 'done'; rows: ServiceRecord[]; filters: Filters[]; outside: number }
  | { state: 'refused' | 'failed' | 'unasked'; message: string };

/** The rows the service answered, by collection, in the views' shape. */
export type Answered = Partial<Record<Collection, ServiceRecord[]>>;

export interface ServiceReadingsOptions {
  clientFor: (connectionId: string) => Pick<ServiceClient, 'list' | 'host'>;
  /** The connection's contract as the figures read it, on the day given (read from the service if not stored). */
  reading: (connectionId: string, today: string) => Promise<ContractReading>;
  log: (message: string, error?: unknown) => void;
}

interface Readings {
  today: string;
  figures: Map<TodayFigureName, FigureReading>;
  abort: AbortController;
}

/** A refusal of the filter itself, as against a service that could not be reached or failed. */
const refusesFilter = (error: unknown) =>
  error instanceof ApiError && (error.status === 400 || error.status === 422);

export class TodayServiceReadings {
  /** A figure's reading moved (answered, refused or failed): Today is counted again. */
  readonly changed = new Signal<{ connectionId: string }>();
  private readonly byConnection = new Map<string, Readings>();

  constructor(private readonly o: ServiceReadingsOptions) {}

  /** Starts reading each figure not yet asked for on this connection today; returns at once. */
  ask(connectionId: string, figures: readonly TodayFigureName[], today: string): void {
    let readings = this.byConnection.get(connectionId);
    if (readings && readings.today !== today) {
      this.forget(connectionId);
      readings = undefined;
    }
    if (!readings) {
      readings = { today, figures: new Map(), abort: new AbortController() };
      this.byConnection.set(connectionId, readings);
    }
    for (const figure of figures) {
      if (readings.figures.has(figure)) continue;
      const own = new AbortController();
      // One signal stops every listing of the figure: urgent requests are a listing per status and priority.
      setMaxListeners(64, own.signal);
      readings.abort.signal.addEventListener('abort', () => own.abort(), { once: true });
      const asking: FigureReading = { state: 'asking', stop: () => own.abort() };
      readings.figures.set(figure, asking);
      void this.read(connectionId, readings, figure, asking, own.signal);
    }
  }

  /** Where a figure's reading stands; undefined when it was never asked for (or was let go). */
  state(connectionId: string, figure: TodayFigureName): FigureReading | undefined {
    return this.byConnection.get(connectionId)?.figures.get(figure);
  }

  /** What the screen is told of each figure asked for. */
  answers(connectionId: string): Partial<Record<TodayFigureName, ServiceAnswer>> {
    const out: Partial<Record<TodayFigureName, ServiceAnswer>> = {};
    for (const figure of TODAY_FIGURES) {
      const r = this.state(connectionId, figure);
      if (!r) continue;
      out[figure] =
        r.state === 'done'
          ? { state: 'shown', provisional: r.outside > 0, message: null }
          : r.state === 'asking'
            ? { state: 'asking', provisional: false, message: null }
            : { state: r.state, provisional: false, message: r.message };
    }
    return out;
  }

  /** The rows of every figure answered, by collection. */
  answered(connectionId: string): Answered {
    const out: Answered = {};
    for (const figure of TODAY_FIGURES) {
      const r = this.state(connectionId, figure);
      if (r?.state === 'done') out[FIGURE_COLLECTION[figure]] = r.rows;
    }
    return out;
  }

  /**
   * The rows a portfolio view shows while the copy lacks them: the service's answer of the Today
   * figure that links there, when the view is asked for exactly that figure's rows.
   */
  covering(
    connectionId: string,
    view: PortfolioViewName,
    focus: PortfolioFocus | undefined,
  ): { collection: Collection; rows: ServiceRecord[] } | null {
    const figure = figureOfView(view, focus);
    const r = figure && this.state(connectionId, figure);
    if (!figure || r?.state !== 'done') return null;
    if (focus?.kind === 'priority' && !r.filters.some((f) => f.priority === focus.priority)) return null;
    return { collection: FIGURE_COLLECTION[figure], rows: r.rows };
  }

  /** Lets a figure's reading go, and stops its listings if they are still read: the copy holds them now. */
  release(connectionId: string, figure: TodayFigureName): void {
    const figures = this.byConnection.get(connectionId)?.figures;
    const reading = figures?.get(figure);
    if (reading?.state === 'asking') reading.stop();
    figures?.delete(figure);
  }

  /** Stops every reading of the connection (every connection when none is named) and forgets them. */
  forget(connectionId?: string): void {
    for (const [id, readings] of this.byConnection)
      if (connectionId === undefined || id === connectionId) {
        readings.abort.abort();
        this.byConnection.delete(id);
      }
  }

  private async read(
    connectionId: string,
    readings: Readings,
    figure: TodayFigureName,
    asking: FigureReading,
    signal: AbortSignal,
  ): Promise<void> {
    // Only the reading still waited for settles: not one let go, nor one of a connection forgotten.
    const settle = (reading: FigureReading) => {
      if (signal.aborted || readings.figures.get(figure) !== asking) return;
      readings.figures.set(figure, reading);
      this.changed.emit({ connectionId });
    };
    try {
      const reading = await this.o.reading(connectionId, readings.today);
      const asks = serviceAsks(figure, reading.ctx);
      if ('none' in asks) return settle({ state: 'unasked', message: asks.none });
      const collection = FIGURE_COLLECTION[figure];
      const client = this.o.clientFor(connectionId);
      const lists = await Promise.all(
        asks.filters.map((filters) =>
          readListing(client, collection, filters, { priority: 'interactive', signal }),
        ),
      );
      const rows = new Map<string, ServiceRecord>();
      let outside = 0;
      lists.forEach((list, i) => {
        for (const row of reading.shape(collection, list.records)) {
          if (outsideFilter(row, asks.filters[i]!)) outside += 1;
          rows.set(row.id, row);
        }
      });
      settle({ state: 'done', rows: [...rows.values()], filters: asks.filters, outside });
    } catch (error) {
      if (signal.aborted) return;
      if (refusesFilter(error)) {
        this.o.log(`Today could not ask the service for ${figure}: it refused the filter`, error);
        settle({ state: 'refused', message: (error as ApiError).message });
      } else {
        this.o.log(`Today could not ask the service for ${figure}`, error);
        settle({ state: 'failed', message: error instanceof Error ? error.message : String(error) });
      }
    }
  }
}

/** The Today figure whose rows a portfolio view shows, asked for as the figure's link asks for it. */
function figureOfView(view: PortfolioViewName, focus: PortfolioFocus | undefined): TodayFigureName | null {
  if (view === 'delinquency' && !focus) return 'latePayments';
  if (view === 'expirations' && focus?.kind === 'ending' && focus.days <= Math.max(...ENDING_WINDOWS))
    return 'endingLeases';
  if (view === 'maintenance' && focus?.kind === 'priority') return 'urgentMaintenance';
  return null;
}
