// When the offline copy brings itself up to date. The copy answers first, so how old it may grow is
// the landlord's choice: the whole copy is listed again in the background once its oldest part is
// older than the chosen interval (every 6 hours, every day (the default), every week, or never), checked
// while PropDesk runs and at its start. Besides that, records an approved suggestion changed are read
// into it at once (CopyRefresh), what a screen shows from it is checked with the service as it is
// shown, and "Update the offline copy" brings all of it up to date on demand.
import { UPDATE_INTERVALS } from '../../shared/portfolio';
import type { UpdateInterval } from '../../shared/portfolio';
import type { SettingsRepository } from '../store/settings-repo';

const SETTING = 'offlineCopy.updateEveryHours';
export const DEFAULT_UPDATE_EVERY_HOURS: UpdateInterval = 24;
/** How often the copy's age is looked at while PropDesk runs. */
export const CHECK_EVERY_MS = 10 * 60_000;

export interface CopyScheduleOptions {
  settings: Pick<SettingsRepository, 'get' | 'set'>;
  /** The active connection's copy: whether one is kept, whether an update runs, and its oldest part. */
  copy: () => { keepCopy: boolean; running: boolean; oldestAsOf: string | null };
  /** Starts an update of the active connection's copy in the background. */
  update: () => void;
  log: (message: string, error?: unknown) => void;
  now?: () => number;
}

export class CopySchedule {
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly o: CopyScheduleOptions) {}

  /** Hours between updates; 0: never by itself. */
  everyHours(): UpdateInterval {
    const stored = this.o.settings.get(SETTING);
    return (UPDATE_INTERVALS as readonly unknown[]).includes(stored)
      ? (stored as UpdateInterval)
      : DEFAULT_UPDATE_EVERY_HOURS;
  }

  set(everyHours: UpdateInterval): void {
    this.o.settings.set(SETTING, everyHours);
    this.check();
  }

  /** Starts an update when the copy in use is older than the chosen interval; whether it did. */
  check(): boolean {
    const hours = this.everyHours();
    if (hours === 0) return false;
    const { keepCopy, running, oldestAsOf } = this.o.copy();
    // No copy yet is the first copy's business (made when a connection is first used).
    if (!keepCopy || running || oldestAsOf === null) return false;
    const now = (this.o.now ?? Date.now)();
    if (now - Date.parse(oldestAsOf) < hours * 3_600_000) return false;
    this.o.update();
    return true;
  }

  start(): void {
    if (this.timer) return;
    const check = () => {
      try {
        this.check();
      } catch (error) {
        this.o.log('The offline copy could not be checked for its age', error);
      }
    };
    check();
    this.timer = setInterval(check, CHECK_EVERY_MS);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
