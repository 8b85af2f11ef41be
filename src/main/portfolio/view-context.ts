// How a connection's contract is read for computing figures: which fields exist, which field holds each
// date, status and amount the views read (field-roles.ts, money-roles.ts), how records are named, and
// records put into the views' shape (amounts in currency units, every role under the views' name).
// Shared by the portfolio views and the balance lines of record pages, so both read alike.
import type { CompiledContract } from '../../shared/contract';
import { fieldRoles, fieldsIn, roleOf, rolesKey } from '../../shared/field-roles';
import type { FieldRole } from '../../shared/field-roles';
import type { Collection, ServiceRecord } from '../../shared/service';
import { labelRules } from '../labels/label-rules';
import { amountsIn, amountsKey, moneyRoles } from './money-roles';
import type { ViewContext } from './view-kit';

export interface ContractReading {
  ctx: ViewContext;
  roles: FieldRole[];
  /** Said when no contract is stored, so fields are read as the records carry them. */
  contractNote: string[];
  /** What decides how records are read: records read under another key must be read again. */
  key: string;
  /** A collection's records in the views' shape. */
  shape: (collection: Collection, records: ServiceRecord[]) => ServiceRecord[];
}

/** `today`: the day figures count from (YYYY-MM-DD); `currency`: the connection's, for minor units. */
export function readContract(
  contract: CompiledContract | undefined,
  today: string,
  currency: string,
): ContractReading {
  const money = moneyRoles(contract);
  const roles = fieldRoles(contract);
  // A role the contract fills is read under the views' name, whatever the contract calls it.
  const field = (collection: Collection, name: string) => {
    const role = roleOf(roles, collection, name);
    const actual = role ? role.field : name;
    return contract?.recordFields[collection].find((f) => f.name === actual);
  };
  const ctx: ViewContext = {
    today,
    has: (collection, name) => {
      if (money.some((r) => r.collection === collection && r.role === name)) return true;
      const role = roleOf(roles, collection, name);
      if (role) return role.field !== null;
      const fields = contract?.recordFields[collection];
      // A contract that does not describe the collection cannot rule a field out.
      return !fields?.length || fields.some((f) => f.name === name);
    },
    values: (collection, name) => (field(collection, name)?.enumValues ?? []).map(String),
    unclear: (collection, name) => roleOf(roles, collection, name)?.candidates ?? [],
    fieldOf: (collection, name) => {
      const amount = money.find((r) => r.collection === collection && r.role === name);
      if (amount) return amount.field;
      const role = roleOf(roles, collection, name);
      if (role) return role.field;
      return ctx.has(collection, name) ? name : null;
    },
    plans: contract ? labelRules(contract).plans : null,
    fields: (collection) => contract?.recordFields[collection] ?? [],
  };
  return {
    ctx,
    roles,
    contractNote: contract
      ? []
      : ['The service’s contract is not stored yet, so fields are read as the records carry them.'],
    key: `${amountsKey(money, currency)}|${rolesKey(roles)}`,
    shape: (collection, records) =>
      fieldsIn(collection, amountsIn(collection, records, money, currency), roles),
  };
}
