// The handlers of the offline copy's (offlineCopy.*), search's and the portfolio's channels.
import type { DomainHandlers } from '../ipc/dispatch';
import type { PortfolioService } from '../portfolio/portfolio-service';
import type { SearchService } from '../search/search-service';
import type { CopySchedule } from '../offline-copy/copy-schedule';
import type { OfflineCopyService } from '../offline-copy/offline-copy-service';
import type { TodaySummary } from '../../shared/today';
import type { OfflineCopyStatus } from '../../shared/portfolio';
import { SCRUB_DEFERRED } from '../store/scrub';
import { createSearchHandlers } from './search-handlers';

export interface OfflineCopyHandlerServices {
  offlineCopy: OfflineCopyService;
  copySchedule: Pick<CopySchedule, 'choice' | 'set'>;
  portfolio: PortfolioService;
  search: Pick<SearchService, 'query'>;
  today: () => TodaySummary;
  /** Whether deleted data still waits for room to be scrubbed from the database file. */
  scrubDeferred: () => boolean;
}

export function createOfflineCopyHandlers(
  s: OfflineCopyHandlerServices,
): DomainHandlers<'offlineCopy' | 'portfolio' | 'search'> {
  return {
    'offlineCopy.status': async () => s.offlineCopy.status(),
    'offlineCopy.start': async () => s.offlineCopy.start(),
    'offlineCopy.cancel': () => s.offlineCopy.cancel(),
    'offlineCopy.setKeepCopy': async ({ keep }) => scrubbed(s, await s.offlineCopy.setKeepCopy(keep)),
    'offlineCopy.forget': async () => scrubbed(s, await s.offlineCopy.forget()),
    'offlineCopy.schedule': async () => ({ choice: s.copySchedule.choice() }),
    'offlineCopy.setSchedule': async ({ choice }) => {
      s.copySchedule.set(choice);
      return { choice: s.copySchedule.choice() };
    },
    'portfolio.view': async ({ view, focus, asOfDay, period, within }) =>
      s.portfolio.view(view, { focus, asOfDay, period, within }),
    'portfolio.overview': async () => s.portfolio.overview(),
    'portfolio.today': async () => s.today(),
    'portfolio.export': async ({ view, ...ask }) => {
      const saved = await s.portfolio.exportCsv(view, ask);
      return saved
        ? { saved: true, savedId: saved.savedId, name: saved.name, rows: saved.rows }
        : { saved: false };
    },
    'portfolio.savePdf': async ({ view, ...ask }) => {
      const saved = await s.portfolio.savePdf(view, ask);
      return saved
        ? { saved: true, savedId: saved.savedId, name: saved.name, pages: saved.pages }
        : { saved: false };
    },
    ...createSearchHandlers(s.search),
  };
}

/** A deletion's answer, saying so when a full disk keeps its traces in the file for now. */
function scrubbed(s: OfflineCopyHandlerServices, status: OfflineCopyStatus): OfflineCopyStatus {
  return s.scrubDeferred() ? { ...status, message: SCRUB_DEFERRED } : status;
}
