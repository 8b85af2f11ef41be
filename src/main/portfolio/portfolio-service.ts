// The portfolio views of the active connection, computed locally from its offline copy (so they work
// on a train), with the service's contract deciding which fields exist, each exportable to CSV or
// savable as a PDF, and each narrowable to the rows behind one mark of the overview's charts.
import type { ChooseSaveFile } from '../export/save-target';
import { writeProblem } from '../export/save-target';
import type { CompiledContract } from '../../shared/contract';
import type { PortfolioPdfView, PortfolioTable, PortfolioViewName } from '../../shared/portfolio';
import { focusFits } from '../../shared/portfolio-focus';
import type { PortfolioFocus } from '../../shared/portfolio-focus';
import type { PortfolioOverview } from '../../shared/portfolio-overview';
import { assertNever } from '../../shared/app-error';
import type { Collection, ServiceRecord } from '../../shared/service';
import { labelRules } from '../labels/label-rules';
import type { OfflineCopyRepository } from '../store/offline-copy/offline-copy-repo';
import { UserError } from '../base/user-error';
import { delinquency } from './delinquency';
import { expirations, NEXT_120_DAYS } from './expirations';
import type { ExpirySelection } from './expirations';
import { columnTotals } from './column-totals';
import { fieldRoles, fieldsIn, roleOf, rolesKey } from './field-roles';
import type { FieldRole } from './field-roles';
import { applyFocus } from './focus';
import { maintenanceTriage } from './maintenance';
import { amountsIn, amountsKey, moneyRoles } from './money-roles';
import type { MoneyRole } from './money-roles';
import { computeOverview, OVERVIEW_NEEDS } from './portfolio-overview';
import { rentRoll } from './rent-roll';
import { TODAY_NEEDS, todayFigures } from './today-figures';
import type { TodayFigures } from './today-figures';
import { vacancy } from './vacancy';
import { emptyData } from './view-kit';
import type { PortfolioData, ViewContext, ViewResult } from './view-kit';
import { writePortfolioCsv } from './portfolio-csv';
import { savePortfolioPdf } from './portfolio-pdf';
import type { PrintWindowToPdf } from './portfolio-pdf';

export const VIEW_NEEDS: Record<PortfolioViewName, Collection[]> = {
  'rent-roll': ['properties', 'units', 'tenants', 'leases'],
  expirations: ['properties', 'units', 'tenants', 'leases'],
  vacancy: ['properties', 'units', 'leases'],
  delinquency: ['properties', 'units', 'tenants', 'leases', 'payments'],
  maintenance: ['properties', 'units', 'maintenance_requests'],
};

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
  now?: () => Date;
}

/** What every computation starts from: the copy's records, their age, and the contract's fields. */
interface Frame {
  data: PortfolioData;
  ctx: ViewContext;
  asOf: string | null;
  today: string;
  missing: Collection[];
  /** Said when no contract is stored, so fields are read as the records carry them. */
  contractNote: string[];
  /** Which contract field holds each date, status, priority and flag the views read. */
  roles: FieldRole[];
}

export class PortfolioService {
  /** Parsed copies by connection, collection and listing: a view switch does not re-read 100,000 rows. */
  private readonly cache = new Map<string, { listing: number; reading: string; records: ServiceRecord[] }>();

  constructor(private readonly o: PortfolioServiceOptions) {}

  view(name: PortfolioViewName, focus?: PortfolioFocus): PortfolioTable {
    if (!focusFits(name, focus))
      throw new UserError('invalid_focus', `The ${name} view cannot be narrowed that way.`);
    const { data, ctx, asOf, today, missing, contractNote } = this.frame(VIEW_NEEDS[name]);
    const narrowed = focus ? applyFocus(name, focus, data, ctx) : null;
    const result = this.compute(name, narrowed?.data ?? data, ctx, narrowed?.selection ?? NEXT_120_DAYS);
    return {
      ...result,
      totals: columnTotals(result.columns, result.rows),
      notes: [...result.notes, ...contractNote],
      asOf,
      today,
      missing,
      focus: narrowed ? { label: narrowed.label, shown: result.rows.length } : null,
    };
  }

  /** The figures of the overview's charts, from the same copy and rules as the views. */
  overview(): PortfolioOverview {
    const { data, ctx, asOf, today, missing, contractNote } = this.frame(OVERVIEW_NEEDS);
    return { asOf, today, missing, notes: contractNote, ...computeOverview(data, ctx, missing) };
  }

  /** Today's figures, from the same copy and rules as the views they link to. */
  todayFigures(): TodayFigures & { asOf: string | null; today: string; missing: Collection[] } {
    const { data, ctx, asOf, today, missing, contractNote, roles } = this.frame(TODAY_NEEDS);
    // The views never read documents, so they are not kept parsed: Today counts them once a call.
    const documents = missing.includes('documents')
      ? []
      : fieldsIn('documents', this.o.repo.records(this.o.activeId(), 'documents'), roles);
    const figures = todayFigures(data, documents, ctx, missing);
    return { ...figures, notes: [...figures.notes, ...contractNote], asOf, today, missing };
  }

  /** Asks for a file and writes the view (as narrowed) there; null when the user cancelled the dialog. */
  async exportCsv(
    name: PortfolioViewName,
    focus?: PortfolioFocus,
  ): Promise<{ path: string; rows: number } | null> {
    const table = this.view(name, focus);
    const date = table.today;
    const path = await this.o.chooseFile({ suggestedName: `portfolio-${name}-${date}.csv`, kind: 'csv' });
    if (!path) return null;
    try {
      await writePortfolioCsv(path, table, this.o.currency(this.o.activeId()));
    } catch (error) {
      throw writeProblem(error, path);
    }
    return { path, rows: table.rows.length };
  }

  /** Asks for a file and saves what the window shows of the portfolio there as a PDF; null when cancelled. */
  savePdf(view: PortfolioPdfView): Promise<{ path: string; pages: number } | null> {
    return savePortfolioPdf({
      view,
      today: this.today(),
      locale: this.o.locale(),
      chooseFile: this.o.chooseFile,
      print: this.o.print,
    });
  }

  private today(): string {
    return (this.o.now?.() ?? new Date()).toISOString().slice(0, 10);
  }

  private frame(needs: readonly Collection[]): Frame {
    const connectionId = this.o.activeId();
    const today = this.today();
    const states = new Map(this.o.repo.states(connectionId).map((s) => [s.collection, s]));
    const missing = needs.filter((c) => states.get(c)?.liveListing == null);
    const asOfs = needs.map((c) => states.get(c)?.asOf ?? null);
    const asOf = asOfs.includes(null) ? null : [...(asOfs as string[])].sort()[0]!;
    const contract = this.o.contract(connectionId);
    const money = moneyRoles(contract);
    const roles = fieldRoles(contract);
    // A role the contract fills is read under the views' name, whatever the contract calls it.
    const field = (collection: Collection, name: string) => {
      const role = roleOf(roles, collection, name);
      const actual = role ? role.field : name;
      return contract?.recordFields[collection].find((f) => f.name === actual);
    };
    const ctx: ViewContext = {
      today,
      has: (collection, name) => {
        if (money.some((r) => r.collection === collection && r.role === name)) return true;
        const role = roleOf(roles, collection, name);
        if (role) return role.field !== null;
        const fields = contract?.recordFields[collection];
        // A contract that does not describe the collection cannot rule a field out.
        return !fields?.length || fields.some((f) => f.name === name);
      },
      values: (collection, name) => (field(collection, name)?.enumValues ?? []).map(String),
      unclear: (collection, name) => roleOf(roles, collection, name)?.candidates ?? [],
      plans: contract ? labelRules(contract).plans : null,
    };
    const contractNote = contract
      ? []
      : ['The service’s contract is not stored yet, so fields are read as the records carry them.'];
    const data = this.load(connectionId, needs, money, roles, this.o.currency(connectionId));
    return { data, ctx, asOf, today, missing, contractNote, roles };
  }

  private compute(
    name: PortfolioViewName,
    data: PortfolioData,
    ctx: ViewContext,
    selection: ExpirySelection,
  ): ViewResult {
    switch (name) {
      case 'rent-roll':
        return rentRoll(data, ctx);
      case 'expirations':
        return expirations(data, ctx, selection);
      case 'vacancy':
        return vacancy(data, ctx);
      case 'delinquency':
        return delinquency(data, ctx);
      case 'maintenance':
        return maintenanceTriage(data, ctx, ctx.values('maintenance_requests', 'priority'));
      default:
        return assertNever(name, 'portfolio view');
    }
  }

  /**
   * The copy's records, parsed, with amounts in currency units and every role under the views' name,
   * kept until the copy or contract changes.
   */
  private load(
    connectionId: string,
    needs: readonly Collection[],
    money: readonly MoneyRole[],
    roles: readonly FieldRole[],
    currency: string,
  ): PortfolioData {
    const reading = `${amountsKey(money, currency)}|${rolesKey(roles)}`;
    const data = emptyData();
    for (const collection of needs) {
      if (collection === 'documents') continue;
      const listing = this.o.repo.state(connectionId, collection)?.liveListing;
      if (listing == null) continue;
      const key = `${connectionId}\u0000${collection}`;
      const cached = this.cache.get(key);
      if (cached?.listing === listing && cached.reading === reading) {
        data[collection] = cached.records;
        continue;
      }
      const stored = this.o.repo.records(connectionId, collection);
      const records = fieldsIn(collection, amountsIn(collection, stored, money, currency), roles);
      this.cache.set(key, { listing, reading, records });
      data[collection] = records;
    }
    return data;
  }

  /** Drops parsed copies, e.g. after the data was forgotten. */
  clear(): void {
    this.cache.clear();
  }
}
