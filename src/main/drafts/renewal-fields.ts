// Which fields of the contract a renewal writes: on the new lease, among the fields a suggested lease
// takes, the tenant and unit it names, its first and last day (by their field roles), its rent (the
// lease's money role), its deposit and a status that says it starts later; any other field the
// contract requires is carried over from the lease renewed. On the old lease only a field the
// contract has for it (the renewal status role) with a value that says "renewed". A contract without
// a field a renewal needs is said by that field's name, and nothing is drafted.
import type { CompiledContract, FieldDescriptor } from '../../shared/contract';
import { moneyUnitOf, nameWords, referencedCollection } from '../../shared/contract';
import { roleFieldAmong } from '../../shared/field-roles';
import type { MoneyUnit } from '../../shared/money';
import { statusValueFor } from '../../shared/status-meaning';
import { UserError } from '../base/user-error';
import { moneyRoleAmong } from '../portfolio/money-roles';

export interface MoneyField {
  name: string;
  unit: MoneyUnit;
}

export interface RenewalFields {
  tenant: string;
  unit: string;
  start: string;
  end: string;
  rent: MoneyField;
  deposit: MoneyField;
  /** The new lease's status and the value it starts with; null when the contract asks for none. */
  status: { name: string; value: string } | null;
  /** Other fields a new lease must have, carried over from the lease renewed. */
  carried: readonly FieldDescriptor[];
  /** The old lease's renewal status and the value that says it was renewed; null: it is left as it is. */
  renewed: { name: string; label: string; value: string } | null;
}

const needs = (what: string, example: string) =>
  new UserError(
    'unsupported_by_service',
    `This service's contract has no field for ${what} on a new lease (such as “${example}”), so no renewal can be drafted. Nothing was drafted.`,
  );

const enumValues = (f: FieldDescriptor) => (f.enumValues ?? []).map(String);

/** The new lease's status: a value that says it starts later, where the contract has the field. */
function statusOf(create: readonly FieldDescriptor[]): RenewalFields['status'] {
  const field = roleFieldAmong(create, 'leases', 'status');
  if (!field) return null;
  const value = statusValueFor(enumValues(field), 'upcoming');
  if (value !== null) return { name: field.name, value };
  if (!field.required) return null;
  throw new UserError(
    'unsupported_by_service',
    `A new lease needs a “${field.name}”, and none of its values (${enumValues(field).join(', ')}) says the lease starts later, so no renewal can be drafted. Nothing was drafted.`,
  );
}

/** The old lease's field that says it was renewed, where the contract has one a suggestion may set. */
function renewedOf(update: readonly FieldDescriptor[]): RenewalFields['renewed'] {
  const field = roleFieldAmong(update, 'leases', 'renewal_status');
  const value = field ? statusValueFor(enumValues(field), 'renewed') : null;
  return field && value !== null ? { name: field.name, label: field.label, value } : null;
}

/** The renewal's fields in this contract, or a UserError naming the first field it lacks. */
export function renewalFields(contract: CompiledContract): RenewalFields {
  const create = contract.resources.lease.createFields;
  const ref = (collection: 'tenants' | 'units') =>
    create.find((f) => referencedCollection(f.name) === collection)?.name;
  const tenant = ref('tenants');
  if (!tenant) throw needs('the tenant', 'tenant_id');
  const unit = ref('units');
  if (!unit) throw needs('the unit', 'unit_id');
  const start = roleFieldAmong(create, 'leases', 'start_date');
  if (!start) throw needs('the first day', 'start_date');
  const end = roleFieldAmong(create, 'leases', 'end_date');
  if (!end) throw needs('the last day', 'end_date');
  const rent = moneyRoleAmong('leases', create);
  if (!rent) throw needs('the rent', 'monthly_rent');
  const deposit = create.find(
    (f) => moneyUnitOf(f) !== null && nameWords(f.name).includes('deposit') && f.name !== rent.field.name,
  );
  if (!deposit) throw needs('the deposit', 'security_deposit');
  const status = statusOf(create);
  const written = new Set([tenant, unit, start.name, end.name, rent.field.name, deposit.name, status?.name]);
  return {
    tenant,
    unit,
    start: start.name,
    end: end.name,
    rent: { name: rent.field.name, unit: rent.unit },
    deposit: { name: deposit.name, unit: moneyUnitOf(deposit)! },
    status,
    carried: create.filter((f) => f.required && !written.has(f.name)),
    renewed: renewedOf(contract.resources.lease.updateFields),
  };
}

/** What the drafts write besides the new leases' terms, in words for the preview. */
export function renewalWrites(fields: RenewalFields): string[] {
  const out: string[] = [];
  if (fields.status) out.push(`Each new lease starts as “${fields.status.value}”.`);
  if (fields.carried.length)
    out.push(
      `${fields.carried.map((f) => f.label).join(', ')} ${fields.carried.length === 1 ? 'is' : 'are'} carried over from the lease renewed.`,
    );
  out.push(
    fields.renewed
      ? `Each lease renewed gets ${fields.renewed.label} “${fields.renewed.value}” in the same batch.`
      : 'The leases renewed are not changed: the service’s contract has no field on a lease to say it was renewed.',
  );
  return out;
}
