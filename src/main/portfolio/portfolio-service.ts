// The portfolio views of the active connection, computed locally from its offline copy (so they work
// on a train), with the service's contract deciding which fields exist, and each exportable to CSV.
import type { ChooseSaveFile } from '../export/save-target';
import { writeProblem } from '../export/save-target';
import type { CompiledContract } from '../../shared/contract';
import type { PortfolioTable, PortfolioViewName } from '../../shared/portfolio';
import { assertNever } from '../../shared/app-error';
import type { Collection, ServiceRecord } from '../../shared/service';
import type { SnapshotRepository } from '../store/snapshot-repo';
import { delinquency } from './delinquency';
import { expirations } from './expirations';
import { maintenanceTriage } from './maintenance';
import { rentRoll } from './rent-roll';
import { vacancy } from './vacancy';
import type { PortfolioData, ViewContext, ViewResult } from './view-kit';
import { writePortfolioCsv } from './portfolio-csv';

export const VIEW_NEEDS: Record<PortfolioViewName, Collection[]> = {
  'rent-roll': ['properties', 'units', 'tenants', 'leases'],
  expirations: ['properties', 'units', 'tenants', 'leases'],
  vacancy: ['properties', 'units', 'leases'],
  delinquency: ['properties', 'units', 'tenants', 'leases', 'payments'],
  maintenance: ['properties', 'units', 'maintenance_requests'],
};

export interface PortfolioServiceOptions {
  repo: SnapshotRepository;
  activeId: () => string;
  /** The compiled contract of a connection without a network call, when one is known. */
  contract: (connectionId: string) => CompiledContract | undefined;
  chooseFile: ChooseSaveFile;
  now?: () => Date;
}

export class PortfolioService {
  /** Parsed copies by connection, collection and generation: a view switch does not re-read 100,000 rows. */
  private readonly cache = new Map<string, { generation: number; records: ServiceRecord[] }>();

  constructor(private readonly o: PortfolioServiceOptions) {}

  view(name: PortfolioViewName): PortfolioTable {
    const connectionId = this.o.activeId();
    const today = (this.o.now?.() ?? new Date()).toISOString().slice(0, 10);
    const needs = VIEW_NEEDS[name];
    const states = new Map(this.o.repo.states(connectionId).map((s) => [s.collection, s]));
    const missing = needs.filter((c) => states.get(c)?.liveGeneration == null);
    const asOfs = needs.map((c) => states.get(c)?.asOf ?? null);
    const asOf = asOfs.includes(null) ? null : [...(asOfs as string[])].sort()[0]!;
    const data = this.load(connectionId, needs);
    const contract = this.o.contract(connectionId);
    const ctx: ViewContext = {
      today,
      has: (collection, field) => {
        const fields = contract?.recordFields[collection];
        // A contract that does not describe the collection cannot rule a field out.
        return !fields?.length || fields.some((f) => f.name === field);
      },
    };
    const result = this.compute(name, data, ctx, contract);
    const notes = contract
      ? result.notes
      : [
          ...result.notes,
          'The service’s contract is not stored yet, so fields are read as the records carry them.',
        ];
    return { ...result, notes, asOf, today, missing };
  }

  /** Asks for a file and writes the view there; null when the user cancelled the dialog. */
  async exportCsv(name: PortfolioViewName): Promise<{ path: string; rows: number } | null> {
    const table = this.view(name);
    const date = table.today;
    const path = await this.o.chooseFile({ suggestedName: `portfolio-${name}-${date}.csv`, kind: 'csv' });
    if (!path) return null;
    try {
      await writePortfolioCsv(path, table);
    } catch (error) {
      throw writeProblem(error, path);
    }
    return { path, rows: table.rows.length };
  }

  private compute(
    name: PortfolioViewName,
    data: PortfolioData,
    ctx: ViewContext,
    contract: CompiledContract | undefined,
  ): ViewResult {
    switch (name) {
      case 'rent-roll':
        return rentRoll(data, ctx);
      case 'expirations':
        return expirations(data, ctx);
      case 'vacancy':
        return vacancy(data, ctx);
      case 'delinquency':
        return delinquency(data, ctx);
      case 'maintenance': {
        const priority = contract?.recordFields.maintenance_requests.find((f) => f.name === 'priority');
        return maintenanceTriage(data, ctx, (priority?.enumValues ?? []).map(String));
      }
      default:
        return assertNever(name, 'portfolio view');
    }
  }

  private load(connectionId: string, needs: Collection[]): PortfolioData {
    const data: PortfolioData = {
      properties: [],
      units: [],
      tenants: [],
      leases: [],
      payments: [],
      maintenance_requests: [],
    };
    for (const collection of needs) {
      if (collection === 'documents') continue;
      const generation = this.o.repo.state(connectionId, collection)?.liveGeneration;
      if (generation == null) continue;
      const key = `${connectionId}\u0000${collection}`;
      const cached = this.cache.get(key);
      if (cached?.generation === generation) {
        data[collection] = cached.records;
        continue;
      }
      const records = this.o.repo.records(connectionId, collection);
      this.cache.set(key, { generation, records });
      data[collection] = records;
    }
    return data;
  }

  /** Drops parsed copies, e.g. after the data was forgotten. */
  clear(): void {
    this.cache.clear();
  }
}
