// The three amounts the portfolio views add up: a lease's rent, a unit's market rent and a payment's
// amount. Which field holds each, and whether it is kept in currency or minor units, comes from the
// contract's money fields and their words (the service's documentation names only monthly_rent, as an
// example). The views read each under one name in currency units; records whose contract keeps them
// elsewhere or in cents are translated on the way in, and nothing is copied when they already match.
import type { CompiledContract, FieldDescriptor } from '../../shared/contract';
import { moneyUnitOf, nameWords } from '../../shared/contract';
import { currencyDigits, toCurrencyUnits } from '../../shared/money';
import type { MoneyUnit } from '../../shared/money';
import { numberValue } from '../../shared/record-values';
import type { Collection, ServiceRecord } from '../../shared/service';

/** The name each view reads an amount by. */
export const MONEY_ROLES = {
  leases: 'monthly_rent',
  units: 'market_rent',
  payments: 'amount',
} as const satisfies Partial<Record<Collection, string>>;

export type RoleCollection = keyof typeof MONEY_ROLES;

export interface MoneyRole {
  collection: RoleCollection;
  /** The name the views read. */
  role: string;
  /** The contract's field that holds it. */
  field: string;
  unit: MoneyUnit;
}

const words = (f: FieldDescriptor) => [
  ...nameWords(f.name),
  ...(f.description ?? '').toLowerCase().split(/\W+/),
];

/** How each role is recognised among a collection's money fields, best first. */
const CHOOSERS: Record<RoleCollection, (fields: FieldDescriptor[]) => FieldDescriptor | undefined> = {
  leases: (fields) =>
    fields.find((f) => {
      const w = words(f);
      return w.includes('rent') && !w.includes('deposit') && !w.includes('market');
    }),
  units: (fields) => fields.find((f) => words(f).some((w) => w === 'market' || w === 'asking')),
  payments: (fields) =>
    fields.find((f) => nameWords(f.name).some((w) => w === 'amount' || w === 'paid' || w === 'total')) ??
    (fields.length === 1 ? fields[0] : undefined),
};

/**
 * The field among `fields` (a collection's record fields, or the fields a suggestion takes) that holds
 * the collection's amount, with its unit; undefined when none does.
 */
export function moneyRoleAmong(
  collection: RoleCollection,
  fields: readonly FieldDescriptor[],
): { field: FieldDescriptor; unit: MoneyUnit } | undefined {
  const money = fields.filter((f) => moneyUnitOf(f) !== null);
  const field = money.find((f) => f.name === MONEY_ROLES[collection]) ?? CHOOSERS[collection](money);
  return field ? { field, unit: moneyUnitOf(field)! } : undefined;
}

/** The roles the contract fills; with no contract, the records are read by the role names as they are. */
export function moneyRoles(contract: CompiledContract | undefined): MoneyRole[] {
  if (!contract) return [];
  const roles: MoneyRole[] = [];
  for (const collection of Object.keys(MONEY_ROLES) as RoleCollection[]) {
    const found = moneyRoleAmong(collection, contract.recordFields[collection]);
    if (found)
      roles.push({ collection, role: MONEY_ROLES[collection], field: found.field.name, unit: found.unit });
  }
  return roles;
}

/**
 * One collection's records with its amount under the views' name in currency units; the same array
 * when the contract already keeps it so. Called once per stored copy (see PortfolioService.load).
 */
export function amountsIn(
  collection: Collection,
  records: ServiceRecord[],
  roles: readonly MoneyRole[],
  currency: string,
): ServiceRecord[] {
  const r = roles.find((role) => role.collection === collection);
  if (!r || (r.field === r.role && r.unit === 'major')) return records;
  const spec = { unit: r.unit, digits: currencyDigits(currency) };
  return records.map((record) => {
    const value = numberValue(record[r.field]);
    return { ...record, [r.role]: value === null ? null : toCurrencyUnits(value, spec) };
  });
}

/** What decides how amounts are read: the roles found and the currency, as one comparable key. */
export function amountsKey(roles: readonly MoneyRole[], currency: string): string {
  return `${currency}|${roles.map((r) => `${r.collection}:${r.field}:${r.unit}`).join(',')}`;
}
