// The portfolio overview: the five charts' figures from one read of the offline copy, each chart told
// which of the collections it reads have no copy yet (its figures are then left empty, not zero).
import type { PortfolioOverview } from '../../shared/portfolio-overview';
import type { Collection } from '../../shared/service';
import { delinquencyAging } from './overview-aging';
import { expirationLadder } from './overview-ladder';
import { openMaintenance } from './overview-maintenance';
import { occupancy } from './overview-occupancy';
import { rentAgainstMarket } from './overview-rent-gap';
import { emptyData } from './view-kit';
import type { PortfolioData, ViewContext } from './view-kit';

export const CHART_NEEDS = {
  ladder: ['leases'],
  occupancy: ['properties', 'units', 'leases'],
  rentGap: ['units', 'leases'],
  aging: ['payments'],
  maintenance: ['maintenance_requests'],
} as const satisfies Record<string, readonly Collection[]>;

export const OVERVIEW_NEEDS: Collection[] = [...new Set(Object.values(CHART_NEEDS).flat())] as Collection[];

type Charts = Omit<PortfolioOverview, 'asOf' | 'today' | 'missing' | 'notes'>;

export function computeOverview(
  data: PortfolioData,
  ctx: ViewContext,
  missing: readonly Collection[],
): Charts {
  const lacking = (chart: keyof typeof CHART_NEEDS) =>
    CHART_NEEDS[chart].filter((c) => missing.includes(c)) as Collection[];
  // A chart without its copy shows what is missing rather than figures computed from nothing.
  const none = emptyData();
  const input = (chart: keyof typeof CHART_NEEDS) => (lacking(chart).length ? none : data);
  return {
    ladder: { missing: lacking('ladder'), ...expirationLadder(input('ladder'), ctx) },
    occupancy: { missing: lacking('occupancy'), ...occupancy(input('occupancy'), ctx) },
    rentGap: { missing: lacking('rentGap'), ...rentAgainstMarket(input('rentGap'), ctx) },
    aging: { missing: lacking('aging'), ...delinquencyAging(input('aging'), ctx) },
    maintenance: { missing: lacking('maintenance'), ...openMaintenance(input('maintenance'), ctx) },
  };
}
