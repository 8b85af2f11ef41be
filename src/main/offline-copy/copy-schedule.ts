// When the offline copy lists its collections again by itself: each one once its copy is older than
// its target under the landlord's choice (freshness-policy.ts), checked at start and every minute
// while PropDesk runs, never while an update runs or when no copy is kept, and within the background
// budget: the requests the passes it started cost in the last hour are counted, and a pass that would
// exceed the budget waits. Besides that, records an approved suggestion changed are read into it at
// once (CopyRefresh), what a screen shows is checked as it is shown, and "Update the offline copy"
// brings all of it up to date on demand (outside the budget). The choice is kept in the database.
import type { FreshnessChoice } from '../../shared/portfolio';
import type { Collection } from '../../shared/service';
import type { SettingsRepository } from '../store/settings-repo';
import { duePasses, pagesOf, storedChoice } from './freshness-policy';
import type { CollectionAge } from './freshness-policy';

/** Earlier versions stored hours under this name; the choice's words replace them there. */
const SETTING = 'offlineCopy.updateEveryHours';
/** How often the collections' ages are looked at while PropDesk runs. */
export const CHECK_EVERY_MS = 60_000;
const HOUR = 3_600_000;

export interface CopyScheduleOptions {
  settings: Pick<SettingsRepository, 'get' | 'set'>;
  /**
   * The active connection's copy: whether one is kept, whether an update runs, and each collection's
   * age (null until every collection has a copy: the first copy's business).
   */
  copy: () => { keepCopy: boolean; running: boolean; collections: CollectionAge[] | null };
  /** Starts an update of these collections of the active connection's copy in the background. */
  update: (collections: Collection[]) => void;
  log: (message: string, error?: unknown) => void;
  now?: () => number;
}

export class CopySchedule {
  private timer: ReturnType<typeof setInterval> | undefined;
  /** The requests each pass this schedule started was reckoned to cost, and when. */
  private spent: Array<{ at: number; requests: number }> = [];

  constructor(private readonly o: CopyScheduleOptions) {}

  choice(): FreshnessChoice {
    return storedChoice(this.o.settings.get(SETTING));
  }

  set(choice: FreshnessChoice): void {
    this.o.settings.set(SETTING, choice);
    this.check();
  }

  /** Background requests the schedule's passes cost in the last hour. */
  spentInLastHour(): number {
    const now = this.now();
    this.spent = this.spent.filter((s) => now - s.at < HOUR);
    return this.spent.reduce((sum, s) => sum + s.requests, 0);
  }

  /** Starts an update of the collections past their targets, within the budget; which it started. */
  check(): Collection[] {
    const { keepCopy, running, collections } = this.o.copy();
    if (!keepCopy || running || collections === null) return [];
    const due = duePasses(this.choice(), collections, this.now(), this.spentInLastHour());
    if (due.length === 0) return [];
    for (const age of due) this.spent.push({ at: this.now(), requests: pagesOf(age.records) });
    const names = due.map((d) => d.collection);
    this.o.update(names);
    return names;
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

  private now(): number {
    return (this.o.now ?? Date.now)();
  }
}
