// The offline copy's budget: how many records and bytes one collection's copy, and the copies of
// every connection together, may hold. A service whose listing never ends (or grows for ever) would
// otherwise fill main's memory and then the disk; at the budget the copy stops reading, keeps what it
// had, and says so in plain words. The defaults leave room for records-scale 280 (about a million
// records in all, the largest collection about half of them) two to three times over.
import { collectionWords } from '../../shared/service';
import type { Collection } from '../../shared/service';
import { UserError } from '../base/user-error';

/** What a copy may hold: records, and bytes (a collection's records as JSON; all copies: the file). */
export interface Allowance {
  records: number;
  bytes: number;
}

export interface CopyBudget {
  /** One collection of one connection: its records, and their JSON. */
  collection: Allowance;
  /** Every copy of every connection together: their records, and the database file's bytes in use. */
  total: Allowance;
}

const MB = 1024 ** 2;
const GB = 1024 ** 3;

/**
 * Measured: the sandbox's records are 286 bytes of JSON on average (262 to 361 by collection), and
 * the copy stores about 467 bytes a record on disk with its indexes and search entries (1,016,511
 * records in 453 MiB, BENCHMARKS.md). Records-scale 280 is about 1,040,000 records, payments about 70 %
 * of them (some 720,000), in about 470 MB. So a collection may hold 1,500,000 records or 1 GB of
 * JSON (twice the largest), all copies 3,000,000 records or 2 GB of file (three times the whole).
 */
export const DEFAULT_COPY_BUDGET: CopyBudget = {
  collection: { records: 1_500_000, bytes: 1 * GB },
  total: { records: 3_000_000, bytes: 2 * GB },
};

/** What the copy would hold once the page at hand is stored. */
export interface CopyUsage {
  collection: Allowance;
  total: Allowance;
}

/** A page about to be stored, with what its listing holds. */
export interface PageAtHand {
  /** The collection's records once it is stored. */
  records: number;
  /** Records and their JSON read but not stored yet, this page's included. */
  pending: Allowance;
  /** The average JSON of a record of this listing, as read so far. */
  bytesPerRecord: number;
}

/** What the copy would hold with the page stored: `held` is what every copy holds now. */
function usageWith(held: Allowance, page: PageAtHand): CopyUsage {
  return {
    collection: { records: page.records, bytes: page.records * page.bytesPerRecord },
    total: { records: held.records + page.pending.records, bytes: held.bytes + page.pending.bytes },
  };
}

const count = (n: number) => Math.round(n).toLocaleString('en-US');
const size = (bytes: number) =>
  bytes >= GB ? `${(bytes / GB).toFixed(1)} GB` : `${count(Math.ceil(bytes / MB))} MB`;

/** The budget in words, as the offline-copy screen states it. */
export function budgetWords(budget: CopyBudget): string {
  return `Each collection's copy holds at most ${count(budget.collection.records)} records (${size(budget.collection.bytes)} of records), and the copies of all connections together at most ${count(budget.total.records)} records and ${size(budget.total.bytes)} on disk, always leaving 256 MB of the disk free.`;
}

/** The limit the usage passes, in words; undefined within the budget. */
function passed(budget: CopyBudget, usage: CopyUsage, collection: Collection): string | undefined {
  const what = collectionWords(collection);
  if (usage.collection.records > budget.collection.records)
    return `more than ${count(budget.collection.records)} ${what}, the most one collection's copy holds`;
  if (usage.collection.bytes > budget.collection.bytes)
    return `more than ${size(budget.collection.bytes)} of ${what}, the most one collection's copy holds`;
  if (usage.total.records > budget.total.records)
    return `more than ${count(budget.total.records)} records in all, the most the offline copies hold together`;
  if (usage.total.bytes > budget.total.bytes)
    return `more than ${size(budget.total.bytes)} on disk, the most the offline copies take together`;
  return undefined;
}

/**
 * Throws `copy_budget` when storing the page would take the copy past its budget (`held`: what every
 * copy holds now): the page is not stored, and what was stored before stays as it was.
 */
export function checkBudget(
  budget: CopyBudget,
  held: Allowance,
  page: PageAtHand,
  collection: Collection,
): void {
  const over = passed(budget, usageWith(held, page), collection);
  if (!over) return;
  const what = collectionWords(collection);
  throw new UserError(
    'copy_budget',
    `The offline copy stopped reading ${what}: the service kept sending more, ${over}. The copy keeps what it had: what was complete before stays in use as of its last complete update, and what this update read is kept as from an update that did not finish. If your organisation really has this many records, keep working online; if it should not, ask whoever runs the service to check it.`,
  );
}
