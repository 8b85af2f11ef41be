// How fresh the offline copy is kept, in one place. The service has no change feed, so freshness is
// bought with reads: what is on screen is checked while shown; each collection is listed again within
// its target (a small one often, a large one less often), as the landlord chose; and the background
// reads of those passes share one budget, an average of a request a second over the last hour. When
// targets and budget disagree the budget holds and the targets stretch: the most overdue collection
// goes first, and one that does not fit waits (the screens say how fresh each collection is). The
// first copy and "Update the offline copy" are the landlord's own asking and do not count.
import type { Collection } from '../../shared/service';
import { MAX_PAGE_SIZE } from '../../shared/service';
import type { FreshnessChoice } from '../../shared/portfolio';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** What a screen shows from the copy is checked with the service when shown and this often after. */
export const ON_SCREEN_CHECK_MS = 30_000;
/** A collection of at most this many pages is "small": listed again often. */
export const SMALL_COLLECTION_PAGES = 20;
/** Background requests of the passes, on average, per hour. */
export const BACKGROUND_BUDGET_PER_HOUR = 3_600;
export const DEFAULT_FRESHNESS: FreshnessChoice = 'minutes';

/** The pages a listing of this many records takes at the largest page size (and the last, empty or not). */
export const pagesOf = (records: number): number => Math.max(1, Math.ceil(records / MAX_PAGE_SIZE));

/** Within how long a collection of this size is listed again under the landlord's choice. */
export function targetMs(choice: FreshnessChoice, records: number): number {
  switch (choice) {
    case 'minutes':
      return pagesOf(records) <= SMALL_COLLECTION_PAGES ? 5 * MINUTE : HOUR;
    case 'hourly':
      return HOUR;
    case 'daily':
      return 24 * HOUR;
    case 'asked':
      return Number.POSITIVE_INFINITY;
  }
}

/**
 * The choice as stored: the words of this version, or the hours earlier versions stored (0: only when
 * asked; every 6 hours: hourly, the nearest that is not rarer; a day or a week: daily).
 */
export function storedChoice(value: unknown): FreshnessChoice {
  if (value === 'minutes' || value === 'hourly' || value === 'daily' || value === 'asked') return value;
  if (value === 0) return 'asked';
  if (value === 6) return 'hourly';
  if (value === 24 || value === 168) return 'daily';
  return DEFAULT_FRESHNESS;
}

/** Requests an hour the passes cost when each collection is listed again exactly at its target. */
export function requestsPerHour(choice: FreshnessChoice, sizes: ReadonlyMap<Collection, number>): number {
  let total = 0;
  for (const records of sizes.values()) {
    const target = targetMs(choice, records);
    if (Number.isFinite(target)) total += (pagesOf(records) * HOUR) / target;
  }
  return total;
}

export interface CollectionAge {
  collection: Collection;
  records: number;
  /** When its copy was last complete. */
  asOf: string;
}

/**
 * The collections to list again now: past their target, most overdue first, as many as the budget
 * left in the last hour (`spent`) allows; the first is taken when nothing was spent, so a collection
 * larger than a whole hour's budget still comes round (the budget then stretches its target).
 */
export function duePasses(
  choice: FreshnessChoice,
  ages: readonly CollectionAge[],
  now: number,
  spent: number,
): CollectionAge[] {
  const overdue = ages
    .map((age) => ({ age, over: now - Date.parse(age.asOf) - targetMs(choice, age.records) }))
    .filter(({ over }) => over >= 0)
    .sort((a, b) => b.over - a.over);
  const due: CollectionAge[] = [];
  let left = BACKGROUND_BUDGET_PER_HOUR - spent;
  for (const { age } of overdue) {
    const cost = pagesOf(age.records);
    if (cost > left && !(spent === 0 && due.length === 0)) continue;
    due.push(age);
    left -= cost;
  }
  return due;
}
