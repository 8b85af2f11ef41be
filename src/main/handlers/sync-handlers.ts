// The handlers of the offline-copy (sync.*), search and portfolio channels.
import type { DomainHandlers } from '../ipc/dispatch';
import type { PortfolioService } from '../portfolio/portfolio-service';
import type { SearchService } from '../search/search-service';
import type { SyncService } from '../sync/sync-service';
import type { TodaySummary } from '../../shared/today';
import { createSearchHandlers } from './search-handlers';

export interface SyncHandlerServices {
  sync: SyncService;
  portfolio: PortfolioService;
  search: Pick<SearchService, 'query'>;
  today: () => TodaySummary;
}

export function createSyncHandlers(s: SyncHandlerServices): DomainHandlers<'sync' | 'portfolio' | 'search'> {
  return {
    'sync.status': async () => s.sync.status(),
    'sync.start': async () => s.sync.start(),
    'sync.cancel': () => s.sync.cancel(),
    'sync.setKeepCopy': async ({ keep }) => {
      const status = await s.sync.setKeepCopy(keep);
      s.portfolio.clear();
      return status;
    },
    'sync.forget': async () => {
      const status = await s.sync.forget();
      s.portfolio.clear();
      return status;
    },
    'portfolio.view': async ({ view, focus }) => s.portfolio.view(view, focus),
    'portfolio.overview': async () => s.portfolio.overview(),
    'portfolio.today': async () => s.today(),
    'portfolio.export': async ({ view, focus }) => {
      const saved = await s.portfolio.exportCsv(view, focus);
      return saved ? { saved: true, ...saved } : { saved: false };
    },
    'portfolio.savePdf': async ({ view }) => {
      const saved = await s.portfolio.savePdf(view);
      return saved ? { saved: true, ...saved } : { saved: false };
    },
    ...createSearchHandlers(s.search),
  };
}
