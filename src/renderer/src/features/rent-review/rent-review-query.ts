// The rent review form as the user fills it (text in inputs) and its translation into the query main
// computes from, with a plain message for every input that can't be used.
import { issueAtPath } from '../../../../shared/contract';
import { assertNever } from '../../../../shared/app-error';
import { rentReviewQuerySchema } from '../../../../shared/drafts';
import type { ROUNDING_STEPS, RentReviewQuery } from '../../../../shared/drafts';

export type RoundingStep = (typeof ROUNDING_STEPS)[number];
export type RoundingMode = RentReviewQuery['rounding']['mode'];
export type RuleKind = RentReviewQuery['rule']['kind'];

export interface RentReviewForm {
  status: string;
  endDate: string;
  propertyId: string;
  unitId: string;
  tenantId: string;
  rentField: string;
  /** '' when no market rent field is used. */
  marketField: string;
  ruleKind: RuleKind;
  amount: string;
  percent: string;
  /** Stop every raise at the unit's market rent and leave out rents already above it. */
  neverAboveMarket: boolean;
  step: RoundingStep;
  mode: RoundingMode;
}

export type FormProblems = Partial<Record<keyof RentReviewForm, string>>;

export function initialForm(defaults: {
  rentField: string | undefined;
  marketField: string | undefined;
  status: string;
}): RentReviewForm {
  return {
    status: defaults.status,
    endDate: '',
    propertyId: '',
    unitId: '',
    tenantId: '',
    rentField: defaults.rentField ?? '',
    marketField: defaults.marketField ?? '',
    ruleKind: 'percent',
    amount: '50',
    percent: '3',
    // A raise that passes the market rent is rarely meant: on wherever the contract has a market rent.
    neverAboveMarket: Boolean(defaults.marketField),
    step: 1,
    mode: 'nearest',
  };
}

/** A number typed by a person: spaces, a leading "+", "$" and "%" and thousands commas are fine. */
function parseNumber(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/^\+/, '')
    .replace(/[$%\s,]/g, '');
  if (cleaned === '' || !/^-?\d*\.?\d+$/.test(cleaned)) return null;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : null;
}

export function buildQuery(
  form: RentReviewForm,
): { ok: true; query: RentReviewQuery } | { ok: false; problems: FormProblems } {
  const problems: FormProblems = {};
  if (!form.rentField)
    problems.rentField = 'The service’s contract lists no number field on leases to hold a rent.';
  let rule: RentReviewQuery['rule'] | undefined;
  switch (form.ruleKind) {
    case 'flat': {
      const amount = parseNumber(form.amount);
      if (amount === null || amount === 0)
        problems.amount = 'Enter an amount to add, e.g. 50 (or -25 to lower).';
      else if (Math.abs(amount) > 100_000) problems.amount = 'Enter an amount of at most 100,000.';
      else rule = { kind: 'flat', amount };
      break;
    }
    case 'percent': {
      const percent = parseNumber(form.percent);
      if (percent === null || percent === 0)
        problems.percent = 'Enter a percentage, e.g. 3 (or -2 to lower).';
      else if (percent < -50 || percent > 100) problems.percent = 'Enter a percentage from -50 to 100.';
      else rule = { kind: 'percent', percent };
      break;
    }
    case 'market':
      if (!form.marketField) problems.marketField = 'Choose the unit field that holds the market rent.';
      else rule = { kind: 'market' };
      break;
    default:
      assertNever(form.ruleKind);
  }
  const ceiling = form.neverAboveMarket && form.ruleKind !== 'market';
  if (ceiling && !form.marketField)
    problems.marketField =
      'Choose the unit field that holds the market rent, or turn off “Never above market rent”.';
  if (form.endDate && !/^\d{4}-\d{2}-\d{2}$/.test(form.endDate)) problems.endDate = 'Enter a date.';
  if (Object.keys(problems).length > 0 || !rule) return { ok: false, problems };

  const leaseFilters: RentReviewQuery['leaseFilters'] = {};
  if (form.status) leaseFilters.status = form.status;
  if (form.endDate) leaseFilters.end_date = form.endDate;
  if (form.unitId) leaseFilters.unit_id = form.unitId;
  if (form.tenantId) leaseFilters.tenant_id = form.tenantId;
  const candidate: RentReviewQuery = {
    leaseFilters,
    ...(form.propertyId ? { propertyId: form.propertyId } : {}),
    rentField: form.rentField,
    // The market field matters to the market rule, and is shown as a column with the others.
    ...(form.marketField ? { marketField: form.marketField } : {}),
    rule,
    neverAboveMarket: ceiling,
    rounding: { step: form.step, mode: form.mode },
  };
  const checked = rentReviewQuerySchema.safeParse(candidate);
  if (!checked.success) {
    return {
      ok: false,
      problems: {
        rentField: checked.error.issues[0]
          ? issueAtPath(checked.error.issues[0])
          : 'These settings can’t be used.',
      },
    };
  }
  return { ok: true, query: checked.data };
}

const percentText = (n: number) =>
  `${n > 0 ? '+' : ''}${n.toLocaleString(undefined, { maximumFractionDigits: 2 })}%`;

/** A default name for the drafts, saying what the review does: "Rent review +3%, never above market". */
export function defaultLabel(
  query: Pick<RentReviewQuery, 'rule' | 'neverAboveMarket'>,
  money: (n: number) => string,
): string {
  const { rule } = query;
  const ceiling = query.neverAboveMarket ? ', never above market' : '';
  switch (rule.kind) {
    case 'flat':
      return `Rent review ${rule.amount > 0 ? '+' : ''}${money(rule.amount)}${ceiling}`;
    case 'percent':
      return `Rent review ${percentText(rule.percent)}${ceiling}`;
    case 'market':
      return rule.capPercent === undefined
        ? 'Rent review up to market rent'
        : `Rent review up to market rent (at most ${percentText(rule.capPercent)})`;
    default:
      return assertNever(rule);
  }
}
