// The handlers of the offline-copy (update.*), search and portfolio channels.
import type { DomainHandlers } from '../ipc/dispatch';
import type { PortfolioService } from '../portfolio/portfolio-service';
import type { SearchService } from '../search/search-service';
import type { CopySchedule } from '../offline-copy/copy-schedule';
import type { OfflineCopyService } from '../offline-copy/offline-copy-service';
import type { TodaySummary } from '../../shared/today';
import { createSearchHandlers } from './search-handlers';

export interface OfflineCopyHandlerServices {
  offlineCopy: OfflineCopyService;
  copySchedule: Pick<CopySchedule, 'everyHours' | 'set'>;
  portfolio: PortfolioService;
  search: Pick<SearchService, 'query'>;
  today: () => TodaySummary;
}

export function createOfflineCopyHandlers(
  s: OfflineCopyHandlerServices,
): DomainHandlers<'offlineCopy' | 'portfolio' | 'search'> {
  return {
    'offlineCopy.status': async () => s.offlineCopy.status(),
    'offlineCopy.start': async () => s.offlineCopy.start(),
    'offlineCopy.cancel': () => s.offlineCopy.cancel(),
    'offlineCopy.setKeepCopy': ({ keep }) => s.offlineCopy.setKeepCopy(keep),
    'offlineCopy.forget': () => s.offlineCopy.forget(),
    'offlineCopy.schedule': async () => ({ everyHours: s.copySchedule.everyHours() }),
    'offlineCopy.setSchedule': async ({ everyHours }) => {
      s.copySchedule.set(everyHours);
      return { everyHours: s.copySchedule.everyHours() };
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
