// Bulk rent review, computed: from leases (and their units' market rents) and a rule, the new rent of
// every lease with the reason any is left out, totals, and the split into batches of at most 200.
// Rents are worked in integer minor units of the connection's currency, whatever unit the contract
// keeps them in, and rounded in currency units; the preview speaks currency units throughout. The
// rule (ruleRent) also sets a renewal's new rent.
import { numberValue, textValue } from '../../shared/record-values';
import type { CompiledContract } from '../../shared/contract';
import { moneyUnitOf } from '../../shared/contract';
import type { RentReviewPreview, RentReviewQuery, RentReviewRow, RentRule } from '../../shared/drafts';
import {
  contractToMinor,
  currencyDigits,
  fromCurrencyUnits,
  fromMinorUnits,
  toMinorUnits,
} from '../../shared/money';
import type { MoneySpec, MoneyUnit } from '../../shared/money';
import { MAX_CHANGES_PER_BATCH } from '../../shared/service';
import type { ServiceRecord } from '../../shared/service';
import { assertNever } from '../../shared/app-error';
import { UserError } from '../base/user-error';

/** The currency of the review and the units the contract keeps the rent and market rent in. */
export interface ReviewMoney {
  currency: string;
  rentUnit: MoneyUnit;
  marketUnit: MoneyUnit;
}

/** Units from the contract: a rent field it does not call money is taken as currency units. */
export function reviewMoney(
  contract: CompiledContract | undefined,
  query: Pick<RentReviewQuery, 'rentField' | 'marketField'>,
  currency: string,
): ReviewMoney {
  const unitOf = (
    fields: CompiledContract['recordFields'][keyof CompiledContract['recordFields']],
    name?: string,
  ) => {
    const field = name ? fields.find((f) => f.name === name) : undefined;
    return (field && moneyUnitOf(field)) ?? 'major';
  };
  return {
    currency,
    rentUnit: contract ? unitOf(contract.recordFields.leases, query.rentField) : 'major',
    marketUnit: contract ? unitOf(contract.recordFields.units, query.marketField) : 'major',
  };
}

/** A review per property or by market rent follows leases to units to properties: the contract must link them. */
export function checkReviewLinks(contract: CompiledContract | undefined, query: RentReviewQuery): void {
  if (query.neverAboveMarket && query.marketField === undefined) {
    throw new UserError(
      'invalid_request',
      'Choose the unit field that holds the market rent, or turn off “Never above market rent”.',
    );
  }
  if (!contract) return;
  const has = (collection: 'leases' | 'units', name: string) =>
    contract.recordFields[collection].some((f) => f.name === name);
  const needsUnit = query.propertyId !== undefined || query.marketField !== undefined;
  if (needsUnit && !has('leases', 'unit_id')) {
    throw new UserError(
      'unsupported_by_service',
      "This service's leases don't say which unit they belong to (no unit_id field), so a review per property or by market rent isn't possible. Review all leases with a flat amount or a percentage instead.",
    );
  }
  if (query.propertyId !== undefined && !has('units', 'property_id')) {
    throw new UserError(
      'unsupported_by_service',
      "This service's units don't say which property they belong to (no property_id field), so a review per property isn't possible.",
    );
  }
}

/** Drops float noise (1067.0000000001) before rounding, so a value on a step stays on it. */
const clean = (value: number) => Number(value.toPrecision(12));

/** Rounds integer minor units to a multiple of `stepMinor` in the chosen direction. */
export function roundToStep(minor: number, stepMinor: number, mode: 'nearest' | 'up' | 'down'): number {
  const step = Math.max(1, Math.round(stepMinor));
  const ratio = clean(minor / step);
  const f = mode === 'up' ? Math.ceil : mode === 'down' ? Math.floor : Math.round;
  return f(ratio) * step;
}

/** The rule's target in minor units (unrounded), or why the lease is left out. */
function target(current: number, market: number | null, rule: RentRule, digits: number): number | string {
  switch (rule.kind) {
    case 'flat':
      return current + toMinorUnits(rule.amount, digits);
    case 'percent':
      return clean((current * (100 + rule.percent)) / 100);
    case 'market': {
      if (market === null) return NO_MARKET;
      if (market <= current) return AT_MARKET;
      const cap = rule.capPercent === undefined ? Infinity : clean((current * (100 + rule.capPercent)) / 100);
      return Math.min(market, cap);
    }
    default:
      return assertNever(rule);
  }
}

export const NO_MARKET = 'The unit has no market rent on record';
export const AT_MARKET = 'Already at or above the market rent';

/** How a new rent is set: the rule, the rounding, and whether it may pass the market rent. */
export type RentSetting = Pick<RentReviewQuery, 'rule' | 'rounding' | 'neverAboveMarket'>;

/**
 * The new rent in minor units, whether the market rent stopped it, or why the lease is left out.
 * Never above market: rounding may not carry a rent past the market rent, so a rent that would end
 * above it ends on it exactly; a rent already at or above it is left out as it is. A rent review and
 * a renewal's new lease are both set by it.
 */
export function ruleRent(
  current: number,
  market: number | null,
  setting: RentSetting,
  digits: number,
): { proposed: number; held: boolean } | string {
  const { rule, rounding, neverAboveMarket } = setting;
  const capped = neverAboveMarket && rule.kind !== 'market';
  if (capped && market === null) return NO_MARKET;
  if (capped && market !== null && current >= market) return AT_MARKET;
  const goal = target(current, market, rule, digits);
  if (typeof goal === 'string') return goal;
  const rounded = roundToStep(goal, toMinorUnits(rounding.step, digits), rounding.mode);
  if (market !== null && rounded > market && (capped || rule.kind === 'market'))
    return { proposed: market, held: capped };
  return { proposed: rounded, held: false };
}

export function computeRentReview(
  leases: readonly ServiceRecord[],
  units: ReadonlyMap<string, ServiceRecord>,
  query: RentReviewQuery,
  asOf: string,
  money: ReviewMoney,
): RentReviewPreview {
  const digits = currencyDigits(money.currency);
  const rentSpec: MoneySpec = { unit: money.rentUnit, digits };
  const marketSpec: MoneySpec = { unit: money.marketUnit, digits };
  const shown = (minor: number) => fromMinorUnits(minor, digits);
  let currentTotal = 0;
  let proposedTotal = 0;
  let included = 0;
  const rows: RentReviewRow[] = leases.map((lease) => {
    const unitId = textValue(lease.unit_id);
    const unit = unitId ? units.get(unitId) : undefined;
    const marketValue = unit && query.marketField ? numberValue(unit[query.marketField]) : null;
    const market = marketValue === null ? null : contractToMinor(marketValue, marketSpec);
    const value = numberValue(lease[query.rentField]);
    const base = {
      leaseId: lease.id,
      unitId,
      propertyId: unit ? textValue(unit.property_id) : null,
      tenantId: textValue(lease.tenant_id),
      market: market === null ? null : shown(market),
      aboveMarket: null,
      heldAtMarket: false,
    };
    if (value === null) {
      return { ...base, current: 0, proposed: 0, skipped: 'No rent on record for this lease' };
    }
    const current = contractToMinor(value, rentSpec);
    const left = (skipped: string) => ({
      ...base,
      current: shown(current),
      proposed: shown(current),
      skipped,
    });
    const outcome = ruleRent(current, market, query, digits);
    if (typeof outcome === 'string') return left(outcome);
    const { proposed, held } = outcome;
    if (proposed < 0) return left('The new rent would be below zero');
    if (proposed === current) return left('No change after rounding');
    currentTotal += current;
    proposedTotal += proposed;
    included += 1;
    return {
      ...base,
      current: shown(current),
      proposed: shown(proposed),
      skipped: null,
      aboveMarket: market !== null && proposed > market ? shown(proposed - market) : null,
      heldAtMarket: held,
    };
  });
  return {
    rows,
    totals: {
      leases: rows.length,
      included,
      current: shown(currentTotal),
      proposed: shown(proposedTotal),
      delta: shown(proposedTotal - currentTotal),
    },
    drafts: Math.ceil(included / MAX_CHANGES_PER_BATCH),
    currency: money.currency,
    asOf,
  };
}

/** A row's new rent as the contract wants it written (integer minor units where it keeps them). */
export function proposedValue(row: RentReviewRow, money: ReviewMoney): number {
  return fromCurrencyUnits(row.proposed, { unit: money.rentUnit, digits: currencyDigits(money.currency) });
}
