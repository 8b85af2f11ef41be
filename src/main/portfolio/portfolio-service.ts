// The portfolio views of the active connection, computed locally from its offline copy (so they work
// on a train), with the service's contract deciding which fields exist, each exportable to CSV or
// savable as a PDF, and each narrowable to the rows behind one mark of the overview's charts. The rent
// roll and delinquency can be seen as of another day: an estimate from lease and due dates, said so;
// income by property covers a period (a year, a quarter, a month) rather than a day.
import type { ChooseSaveFile } from '../export/save-target';
import { writeProblem } from '../export/save-target';
import { fileNameOf } from '../export/file-name';
import type { SavedFile, SavedFiles } from '../export/saved-files';
import type { CompiledContract } from '../../shared/contract';
import type { PortfolioPdfView, PortfolioTable, PortfolioViewName } from '../../shared/portfolio';
import { DATED_VIEWS, focusFits, PERIOD_VIEWS, WINDOW_VIEWS } from '../../shared/portfolio-focus';
import { DEFAULT_VACANCY_WINDOW, isVacancyWindow, VACANCY_WINDOWS } from '../../shared/vacancy-window';
import type { VacancyWindow } from '../../shared/vacancy-window';
import { lastCalendarYear, periodDays, periodText, periodWords } from '../../shared/income-period';
import type { IncomePeriod } from '../../shared/income-period';
import { currencyDigits } from '../../shared/money';
import type { PortfolioFocus } from '../../shared/portfolio-focus';
import type { PortfolioOverview } from '../../shared/portfolio-overview';
import { assertNever } from '../../shared/app-error';
import { fieldsIn } from '../../shared/field-roles';
import type { Collection, ServiceRecord } from '../../shared/service';
import type { OfflineCopyRepository } from '../store/offline-copy/offline-copy-repo';
import { UserError } from '../base/user-error';
import { delinquency } from './delinquency';
import { expirations, NEXT_120_DAYS } from './expirations';
import { income, INCOME_BASIS } from './income';
import type { IncomeAsk } from './income';
import type { ExpirySelection } from './expirations';
import { columnTotals } from '../../shared/column-totals';
import { applyFocus } from './focus';
import { maintenanceTriage } from './maintenance';
import { computeOverview, OVERVIEW_NEEDS } from './portfolio-overview';
import { rentRoll } from './rent-roll';
import { TODAY_NEEDS, todayFigures } from './today-figures';
import type { TodayFigures } from './today-figures';
import { vacancy } from './vacancy';
import { emptyData } from './view-kit';
import type { PortfolioData, ViewContext, ViewResult } from './view-kit';
import { formatDay } from '../../shared/date-style';
import { readContract } from './view-context';
import type { ContractReading } from './view-context';
import { writePortfolioCsv } from './portfolio-csv';
import { savePortfolioPdf } from './portfolio-pdf';
import type { PrintWindowToPdf } from '../export/pdf-file';

export const VIEW_NEEDS: Record<PortfolioViewName, Collection[]> = {
  'rent-roll': ['properties', 'units', 'tenants', 'leases'],
  expirations: ['properties', 'units', 'tenants', 'leases'],
  vacancy: ['properties', 'units', 'leases'],
  delinquency: ['properties', 'units', 'tenants', 'leases', 'payments'],
  maintenance: ['properties', 'units', 'maintenance_requests'],
  income: ['properties', 'units', 'leases', 'payments'],
};

/** What a view is asked for: narrowed to a chart mark's rows, as of another day, or for a period. */
export interface ViewAsk {
  focus?: PortfolioFocus | undefined;
  /** YYYY-MM-DD; today when absent. */
  asOfDay?: string | undefined;
  /** The period of a view of money received; last calendar year when absent. */
  period?: IncomePeriod | undefined;
  /** Days the vacancy board looks ahead for units becoming vacant; 90 when absent. */
  within?: VacancyWindow | undefined;
}

export interface PortfolioServiceOptions {
  repo: OfflineCopyRepository;
  activeId: () => string;
  /** The compiled contract of a connection without a network call, when one is known. */
  contract: (connectionId: string) => CompiledContract | undefined;
  chooseFile: ChooseSaveFile;
  /** The app's window printed to PDF, for "Save as PDF". */
  print: PrintWindowToPdf;
  /** The computer's locale, whose region decides the paper size. */
  locale: () => string;
  /** The currency a connection's amounts are in, for amounts the contract keeps in minor units. */
  currency: (connectionId: string) => string;
  /** A connection's name, which files carry: the service does not name the organisation. */
  connectionName: (connectionId: string) => string;
  /** Files written, for "Open" and "Show in folder". */
  savedFiles: Pick<SavedFiles, 'remember'>;
  /**
   * The rows a view shows while the copy lacks them: those the service answered for the Today figure
   * that links to the view as asked (in the views' shape); null when none did.
   */
  fromService: (
    connectionId: string,
    view: PortfolioViewName,
    focus: PortfolioFocus | undefined,
  ) => { collection: Collection; rows: ServiceRecord[] } | null;
  now?: () => Date;
}

/** Said above a view shown from the service's answer while the copy is made. */
export const FROM_SERVICE_NOTE =
  'From the service; the offline copy is still being made. Records not copied yet are shown by their IDs.';

/** What every computation starts from: the copy's records, their age, and the contract's fields. */
interface Frame extends ContractReading {
  data: PortfolioData;
  asOf: string | null;
  today: string;
  missing: Collection[];
}

export class PortfolioService {
  /** Parsed copies by connection, collection and listing: a view switch does not re-read 100,000 rows. */
  private readonly cache = new Map<string, { listing: number; reading: string; records: ServiceRecord[] }>();

  constructor(private readonly o: PortfolioServiceOptions) {}

  view(name: PortfolioViewName, ask: ViewAsk = {}): PortfolioTable {
    const { focus, asOfDay } = ask;
    if (!focusFits(name, focus))
      throw new UserError('invalid_focus', `The ${name} view cannot be narrowed that way.`);
    if (asOfDay !== undefined && !DATED_VIEWS.includes(name))
      throw new UserError('invalid_as_of', `The ${name} view is shown as of today only.`);
    if (ask.period !== undefined && !PERIOD_VIEWS.includes(name))
      throw new UserError('invalid_period', `The ${name} view is shown for one day, not a period.`);
    if (ask.within !== undefined && !WINDOW_VIEWS.includes(name))
      throw new UserError('invalid_window', `The ${name} view does not look ahead by a window.`);
    if (ask.within !== undefined && !isVacancyWindow(ask.within))
      throw new UserError(
        'invalid_window',
        `The vacancy board looks ${VACANCY_WINDOWS.join(', ')} days ahead.`,
      );
    const { data, ctx, asOf, today, missing, contractNote, served } = this.served(name, focus, asOfDay);
    const narrowed = focus ? applyFocus(name, focus, data, ctx) : null;
    const period = PERIOD_VIEWS.includes(name) ? (ask.period ?? lastCalendarYear(today)) : null;
    const currency = this.o.currency(this.o.activeId());
    const digits = currencyDigits(currency);
    const result = this.compute(name, narrowed?.data ?? data, ctx, {
      selection: narrowed?.selection ?? NEXT_120_DAYS,
      income: period && { period, currency, digits, locale: this.o.locale() },
      // The whole board, not a chart mark's part of it: the vacancy board adds the units becoming vacant.
      coming: narrowed ? null : (ask.within ?? DEFAULT_VACANCY_WINDOW),
    });
    return {
      ...result,
      totals: columnTotals(result.columns, result.rows, digits),
      period: period && {
        text: periodText(period),
        words: periodWords(period, this.o.locale()),
        ...periodDays(period),
        basis: INCOME_BASIS,
      },
      groupHeadings: name !== 'income',
      notes: [
        ...(asOfDay ? [datedNote(name, formatDay(asOfDay, this.o.locale()))] : []),
        ...(served ? [FROM_SERVICE_NOTE] : []),
        ...result.notes,
        ...contractNote,
      ],
      asOf,
      today,
      asOfDay: asOfDay ?? null,
      missing,
      focus: narrowed ? { label: narrowed.label, shown: result.rows.length } : null,
    };
  }

  /** The figures of the overview's charts, from the same copy and rules as the views. */
  overview(): PortfolioOverview {
    const { data, ctx, asOf, today, missing, contractNote } = this.frame(OVERVIEW_NEEDS);
    return { asOf, today, missing, notes: contractNote, ...computeOverview(data, ctx, missing) };
  }

  /**
   * Today's figures, from the same copy and rules as the views they link to. `answered`: rows the
   * service answered (in the views' shape), counted by the same rules in place of the copy's records
   * of their collections; `missing` still names the collections the copy lacks.
   */
  todayFigures(
    answered: Partial<Record<Collection, ServiceRecord[]>> = {},
  ): TodayFigures & { asOf: string | null; today: string; missing: Collection[] } {
    const { data, ctx, asOf, today, missing, contractNote, roles } = this.frame(TODAY_NEEDS);
    const counted = { ...data };
    for (const collection of TODAY_NEEDS)
      if (collection !== 'documents' && answered[collection]) counted[collection] = answered[collection];
    // The views never read documents, so they are not kept parsed: Today counts them once a call.
    const documents =
      answered.documents ??
      (missing.includes('documents')
        ? []
        : fieldsIn('documents', this.o.repo.records(this.o.activeId(), 'documents'), roles));
    const unanswered = missing.filter((c) => !answered[c]);
    const figures = todayFigures(counted, documents, ctx, unanswered);
    return { ...figures, notes: [...figures.notes, ...contractNote], asOf, today, missing };
  }

  /**
   * A view's frame: from the copy, or, while the copy lacks the rows a Today figure links to, from
   * the service's answer for that figure (with what the copy holds of the rest, to name records).
   */
  private served(
    name: PortfolioViewName,
    focus: PortfolioFocus | undefined,
    asOfDay: string | undefined,
  ): Frame & { served: boolean } {
    const frame = this.frame(VIEW_NEEDS[name], asOfDay);
    const answer =
      frame.missing.length && !asOfDay ? this.o.fromService(this.o.activeId(), name, focus) : null;
    if (!answer || !frame.missing.includes(answer.collection)) return { ...frame, served: false };
    return { ...frame, data: { ...frame.data, [answer.collection]: answer.rows }, missing: [], served: true };
  }

  /**
   * The copy's records of the collections, read by the contract, for figures other than the views'
   * (a record page's balance). `missing`: the collections that have no complete copy.
   */
  copy(needs: readonly Collection[]): Pick<Frame, 'data' | 'ctx' | 'asOf' | 'missing'> {
    return this.frame(needs);
  }

  /**
   * Asks for a file and writes the view (as narrowed, as of the day asked) there; null when the user
   * cancelled the dialog. `describe` adds one line saying what the file is before the header.
   */
  async exportCsv(
    name: PortfolioViewName,
    ask: ViewAsk & { describe?: boolean | undefined } = {},
  ): Promise<(SavedFile & { rows: number }) | null> {
    const table = this.view(name, ask);
    const connection = this.o.connectionName(this.o.activeId());
    const path = await this.o.chooseFile({
      suggestedName: fileNameOf(
        [table.title, table.period?.text, table.focus?.label, connection, `as of ${table.today}`],
        'csv',
      ),
      kind: 'csv',
    });
    if (!path) return null;
    try {
      await writePortfolioCsv(path, table, {
        currency: this.o.currency(this.o.activeId()),
        description: ask.describe ? { connection } : null,
      });
    } catch (error) {
      throw writeProblem(error, path);
    }
    return { ...this.o.savedFiles.remember(path), rows: table.rows.length };
  }

  /** Asks for a file and saves what the window shows of the portfolio there as a PDF; null when cancelled. */
  async savePdf(
    view: PortfolioPdfView,
    ask: Pick<ViewAsk, 'asOfDay' | 'period'> = {},
  ): Promise<(SavedFile & { pages: number }) | null> {
    const connection = this.o.connectionName(this.o.activeId());
    const table = view === 'overview' ? null : this.view(view, ask);
    const asOf = table ? table.asOf : this.overview().asOf;
    const saved = await savePortfolioPdf({
      view,
      title: table?.title ?? 'Portfolio overview',
      period: table?.period ?? null,
      connection,
      day: table?.today ?? this.today(),
      copyAsOf: asOf,
      locale: this.o.locale(),
      chooseFile: this.o.chooseFile,
      print: this.o.print,
    });
    return saved ? { ...this.o.savedFiles.remember(saved.path), pages: saved.pages } : null;
  }

  private today(): string {
    return (this.o.now?.() ?? new Date()).toISOString().slice(0, 10);
  }

  private frame(needs: readonly Collection[], asOfDay?: string): Frame {
    const connectionId = this.o.activeId();
    const today = asOfDay ?? this.today();
    const states = new Map(this.o.repo.states(connectionId).map((s) => [s.collection, s]));
    const missing = needs.filter((c) => states.get(c)?.liveListing == null);
    const asOfs = needs.map((c) => states.get(c)?.asOf ?? null);
    const asOf = asOfs.includes(null) ? null : [...(asOfs as string[])].sort()[0]!;
    const reading = readContract(this.o.contract(connectionId), today, this.o.currency(connectionId));
    const data = this.load(connectionId, needs, reading);
    return { ...reading, data, asOf, today, missing };
  }

  private compute(
    name: PortfolioViewName,
    data: PortfolioData,
    ctx: ViewContext,
    {
      selection,
      income: incomeAsk,
      coming,
    }: { selection: ExpirySelection; income: IncomeAsk | null; coming: VacancyWindow | null },
  ): ViewResult {
    switch (name) {
      case 'rent-roll':
        return rentRoll(data, ctx);
      case 'expirations':
        return expirations(data, ctx, selection);
      case 'vacancy':
        return vacancy(data, ctx, coming);
      case 'delinquency':
        return delinquency(data, ctx);
      case 'maintenance':
        return maintenanceTriage(data, ctx, ctx.values('maintenance_requests', 'priority'));
      case 'income':
        return income(data, ctx, incomeAsk!);
      default:
        return assertNever(name, 'portfolio view');
    }
  }

  /** The copy's records, parsed and read by the contract, kept until the copy or contract changes. */
  private load(connectionId: string, needs: readonly Collection[], reading: ContractReading): PortfolioData {
    const data = emptyData();
    for (const collection of needs) {
      if (collection === 'documents') continue;
      const listing = this.o.repo.state(connectionId, collection)?.liveListing;
      if (listing == null) continue;
      const key = `${connectionId}\u0000${collection}`;
      const cached = this.cache.get(key);
      if (cached?.listing === listing && cached.reading === reading.key) {
        data[collection] = cached.records;
        continue;
      }
      const records = reading.shape(collection, this.o.repo.records(connectionId, collection));
      this.cache.set(key, { listing, reading: reading.key, records });
      data[collection] = records;
    }
    return data;
  }

  /** Drops parsed copies, e.g. after the data was forgotten. */
  clear(): void {
    this.cache.clear();
  }
}

/** `day`: as the screens write it. */
function datedNote(name: PortfolioViewName, day: string): string {
  const how =
    name === 'delinquency'
      ? 'charges due before that day and not paid by it, by their due and paid dates'
      : 'the leases running that day, by their start and end dates';
  return `As of ${day}: an estimate from today’s offline copy, which holds today’s records only. It shows ${how}; leases and payments changed or removed since are not known.`;
}
