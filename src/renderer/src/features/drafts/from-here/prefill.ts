// The values a new record starts with when it is drafted from where the landlord stands: the record
// whose page it is, and the records that one belongs to (a unit's property), fill the fields that name
// them; a date that reads as the time of the report defaults to now. Pure, so it is tested alone.
import type { FieldDescriptor } from '../../../../../shared/contract';
import { referencedCollection } from '../../../../../shared/contract';
import type { Collection, ServiceRecord } from '../../../../../shared/service';

// The contract gives fields no roles beyond their names and descriptions: these are how a field says
// it holds when something was reported (reported_at, opened_on, "When the problem was reported").
const REPORT_NAME = /^(reported|opened|raised|logged|submitted)(_at|_on|_date|_time)?$/;
const REPORT_WORDS = /\b(reported|raised|logged)\b|\bwhen (the|it) .*\b(reported|opened)\b/i;

/** True for a date or date-time field that holds the time something was reported. */
export function isReportTime(d: FieldDescriptor): boolean {
  if (d.type !== 'date' && d.type !== 'date-time') return false;
  return REPORT_NAME.test(d.name) || REPORT_WORDS.test(d.description ?? '');
}

/** Now, as the field holds it: a date, or a date and time to the minute. */
function nowFor(d: FieldDescriptor, now: Date): string {
  if (d.type === 'date') {
    const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
    return local.toISOString().slice(0, 10);
  }
  return new Date(Math.floor(now.getTime() / 60_000) * 60_000).toISOString();
}

/** Every date that reads as the time of the report, set to now: a new record drafted from nowhere in particular. */
export function reportTimesNow(descriptors: readonly FieldDescriptor[], now: Date): Record<string, unknown> {
  return Object.fromEntries(descriptors.filter(isReportTime).map((d) => [d.name, nowFor(d, now)]));
}

/**
 * The fields of a new record drafted from `record` (of `collection`): every field that names that
 * record, or a record it names itself (a unit's property_id), and report times set to now.
 */
export function prefilledFrom(
  descriptors: readonly FieldDescriptor[],
  collection: Collection,
  record: ServiceRecord,
  now: Date,
): Record<string, unknown> {
  const fields = reportTimesNow(descriptors, now);
  for (const d of descriptors) {
    const target = referencedCollection(d.name);
    if (target === collection) fields[d.name] = record.id;
    else if (target && typeof record[d.name] === 'string' && record[d.name]) fields[d.name] = record[d.name];
  }
  return fields;
}
