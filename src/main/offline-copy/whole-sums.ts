// The sum under a filtered list of payments over every record the filters match, not only the pages
// loaded: counted and added up by SQLite in the complete offline copy, by the same field and rule as
// the screen's sum of what it has loaded (src/shared/list-sum.ts), and said as of the copy's time.
// Without a complete copy there is no answer: reading every page from the service for a sum would
// cost the landlord's request budget, so the screen keeps its sum of what it has loaded.
import type { CompiledContract } from '../../shared/contract';
import type { LowerBounds } from '../../shared/date-range';
import { sumInCurrency, summedField } from '../../shared/list-sum';
import { MoneyOutOfRange } from '../../shared/money';
import { collectionWords } from '../../shared/service';
import { UserError } from '../base/user-error';
import type { SummedCollection, WholeSum } from '../../shared/list-sum';
import { rowConditions } from '../store/offline-copy/filter-sql';
import type { OfflineCopyRepository } from '../store/offline-copy/offline-copy-repo';
import type { OwnFilters } from '../../shared/own-filters';
import type { ResolveOwnFilters } from './own-filter-terms';

export interface WholeSumsOptions {
  repo: Pick<OfflineCopyRepository, 'state' | 'amounts'>;
  activeId: () => string;
  /** The connection's compiled contract, when it has been read. */
  contract: (connectionId: string) => CompiledContract | undefined;
  currency: (connectionId: string) => string;
  /** PropDesk's own filters resolved for SQL over the copy. */
  ownTerms: ResolveOwnFilters;
}

export interface WholeSumArgs {
  collection: SummedCollection;
  filters: Record<string, string>;
  onOrAfter?: LowerBounds | undefined;
  own?: OwnFilters | undefined;
}

export class WholeSums {
  constructor(private readonly o: WholeSumsOptions) {}

  /** Null without a complete copy of the collection, or without a money field to add up. */
  of({ collection, filters, onOrAfter, own }: WholeSumArgs): { sum: WholeSum | null } {
    // A value the service would refuse (a date that is none) is refused with a copy or without.
    rowConditions(collection, filters, onOrAfter ?? {});
    const connectionId = this.o.activeId();
    const state = this.o.repo.state(connectionId, collection);
    if (state?.liveListing == null || state.asOf === null) return { sum: null };
    const field = summedField(collection, this.o.contract(connectionId));
    if (!field) return { sum: null };
    // The sum follows every filter the list shows, PropDesk's own too.
    const rows = { filters, onOrAfter: onOrAfter ?? {}, own: this.o.ownTerms(connectionId, collection, own) };
    const found = this.o.repo.amounts(collection, state.liveListing, rows, field.name);
    if (!found) return { sum: null };
    let total: number;
    try {
      total = sumInCurrency(found.amounts, field.unit, this.o.currency(connectionId));
    } catch (error) {
      if (!(error instanceof MoneyOutOfRange)) throw error;
      throw new UserError(
        'out_of_range',
        `The ${found.count.toLocaleString('en')} ${collectionWords(collection)} these filters match hold amounts too large to add up exactly, so PropDesk shows no total for them. Narrow the filters, or check those amounts at the service.`,
      );
    }
    return { sum: { count: found.count, total, asOf: state.asOf } };
  }
}
