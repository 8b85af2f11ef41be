// Renewals, computed: from the leases to renew, their units and every lease of those units, the new
// lease of each (starting the day after the old one ends, as long as it or as the landlord chose, at
// a rent set by the rent review's rule and rounding, the deposit carried over), or why a lease is not
// renewed: already followed by a lease on its unit, month-to-month, ended, or missing what a renewal
// carries over. Rents are worked in minor units of the connection's currency and shown in its units.
import { dayNumber, followingLease } from '../../shared/lease-running';
import { contractToMinor, currencyDigits, fromMinorUnits } from '../../shared/money';
import { numberValue, textValue } from '../../shared/record-values';
import type { RenewalQuery, RenewalRow, RenewalTerm } from '../../shared/renewals';
import type { ServiceRecord } from '../../shared/service';
import { AT_MARKET, ruleRent } from './rent-review';
import type { MoneyField, RenewalFields } from './renewal-fields';

export interface RenewalRecords {
  /** The leases to renew, in the order to show them. */
  leases: readonly ServiceRecord[];
  /** Their units, by ID. */
  units: ReadonlyMap<string, ServiceRecord>;
  /** Every lease of their units (the leases themselves included or not). */
  unitLeases: readonly ServiceRecord[];
}

export interface RenewalSetting {
  fields: RenewalFields;
  /** The units' market rent field, where the contract has one. */
  market: MoneyField | null;
  currency: string;
  /** The day renewals are worked from, YYYY-MM-DD (UTC). */
  today: string;
}

const DAY_MS = 86_400_000;
const dayText = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const MONTH_DAYS = 365.25 / 12;

/** The last day of a term of `months` starting on `start`: a month from the 31st ends on the last day. */
export function endAfterMonths(start: number, months: number): number {
  const d = new Date(start * DAY_MS);
  const [year, month, dom] = [d.getUTCFullYear(), d.getUTCMonth() + months, d.getUTCDate()];
  const daysInTarget = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  if (dom > daysInTarget) return Date.UTC(year, month, daysInTarget) / DAY_MS;
  return Date.UTC(year, month, dom) / DAY_MS - 1;
}

/** The new term: from the day after `end`, as long as the old (whole months, or days under a month). */
export function newTerm(
  oldStart: number | null,
  oldEnd: number,
  term: RenewalTerm,
): { start: number; end: number; months: number | null } | string {
  const start = oldEnd + 1;
  if (term.kind === 'months') return { start, end: endAfterMonths(start, term.months), months: term.months };
  if (oldStart === null) return 'No start date on record to measure the term by: choose a term length';
  const days = oldEnd + 1 - oldStart;
  const months = Math.round(days / MONTH_DAYS);
  if (months < 1) return { start, end: start + days - 1, months: null };
  return { start, end: endAfterMonths(start, months), months };
}

interface Read {
  lease: ServiceRecord;
  unit: ServiceRecord | undefined;
  setting: RenewalSetting;
  digits: number;
}

const money = (value: unknown, field: MoneyField, digits: number) => {
  const n = numberValue(value);
  return n === null ? null : contractToMinor(n, { unit: field.unit, digits });
};

/** Why the lease cannot be renewed from what it carries, or null. */
function missing({ lease, setting }: Read): string | null {
  const { fields } = setting;
  if (!textValue(lease[fields.tenant])) return 'No tenant on record for this lease';
  if (!textValue(lease[fields.unit])) return 'No unit on record for this lease';
  if (numberValue(lease[fields.rent.name]) === null) return 'No rent on record for this lease';
  if (numberValue(lease[fields.deposit.name]) === null) return 'No deposit on record for this lease';
  const absent = fields.carried.find((f) => lease[f.name] === undefined || lease[f.name] === null);
  return absent ? `No “${absent.label}” on record to carry over` : null;
}

/** The new rent in minor units, or why there is none: the rule's, where a rent at market stays. */
function rentOf(read: Read, current: number, query: RenewalQuery): number | string {
  const { unit, setting, digits } = read;
  const market = unit && setting.market ? money(unit[setting.market.name], setting.market, digits) : null;
  const outcome = ruleRent(current, market, { ...query, neverAboveMarket: false }, digits);
  if (outcome === AT_MARKET) return current;
  if (typeof outcome === 'string') return outcome;
  return outcome.proposed < 0 ? 'The new rent would be below zero' : outcome.proposed;
}

function renewal(read: Read, others: readonly ServiceRecord[], query: RenewalQuery): RenewalRow {
  const { lease, unit, setting, digits } = read;
  const { fields } = setting;
  const shown = (minor: number | null) => (minor === null ? null : fromMinorUnits(minor, digits));
  const current = money(lease[fields.rent.name], fields.rent, digits);
  const oldEnd = dayNumber(lease[fields.end]);
  const base: RenewalRow = {
    leaseId: lease.id,
    tenantId: textValue(lease[fields.tenant]),
    unitId: textValue(lease[fields.unit]),
    propertyId: unit ? textValue(unit.property_id) : null,
    ends: oldEnd === null ? null : dayText(oldEnd),
    current: shown(current),
    market: unit && setting.market ? shown(money(unit[setting.market.name], setting.market, digits)) : null,
    start: null,
    end: null,
    months: null,
    rent: null,
    deposit: shown(money(lease[fields.deposit.name], fields.deposit, digits)),
    skipped: null,
    followedBy: null,
  };
  const skip = (skipped: string, followedBy: string | null = null) => ({ ...base, skipped, followedBy });
  if (oldEnd === null) return skip('Month-to-month: no last day to renew from');
  if (oldEnd < dayNumber(setting.today)!) return skip(`Ended on ${dayText(oldEnd)}, before today`);
  const following = followingLease(dated(lease, fields), others);
  if (following)
    return skip(
      `Already followed by a lease from ${dayText(dayNumber(following.start_date)!)}`,
      following.id,
    );
  const lacking = missing(read);
  if (lacking) return skip(lacking);
  const term = newTerm(dayNumber(lease[fields.start]), oldEnd, query.term);
  if (typeof term === 'string') return skip(term);
  const rent = rentOf(read, current!, query);
  if (typeof rent === 'string') return skip(rent);
  return {
    ...base,
    start: dayText(term.start),
    end: dayText(term.end),
    months: term.months,
    rent: shown(rent),
  };
}

/** A lease with its unit and dates under the names the shared lease rules read. */
function dated(lease: ServiceRecord, fields: RenewalFields): ServiceRecord {
  return {
    ...lease,
    unit_id: lease[fields.unit],
    start_date: lease[fields.start],
    end_date: lease[fields.end],
  };
}

/** One row per lease to renew, in their order. */
export function computeRenewals(
  records: RenewalRecords,
  query: RenewalQuery,
  setting: RenewalSetting,
): RenewalRow[] {
  const digits = currencyDigits(setting.currency);
  const others = records.unitLeases.map((l) => dated(l, setting.fields));
  return records.leases.map((lease) => {
    const unit = records.units.get(textValue(lease[setting.fields.unit]) ?? '');
    return renewal({ lease, unit, setting, digits }, others, query);
  });
}
