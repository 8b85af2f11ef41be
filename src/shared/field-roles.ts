// The dates, statuses, priority and verified flag the portfolio views and Today read, found among the
// contract's fields by meaning: a field of the right kind (a date, an enum, a true/false) whose name
// says what it holds. Where no field fits, or more than one does, the role is left unfilled and the
// views say so rather than guess. The views read each under one name; records whose contract names it
// otherwise are given that name on the way in, once per stored copy (see PortfolioService.load); the
// record pages read payments by the same roles (whether one is paid, and when). A renewal and a
// tenant's notice find the fields they write by the same roles, among the fields a suggestion takes.
import type { CompiledContract, FieldDescriptor } from './contract';
import { nameWords } from './contract';
import type { Collection, ServiceRecord } from './service';

type RoleKind = 'date' | 'enum' | 'boolean';

interface RoleSpec {
  collection: Collection;
  /** The name the views read. */
  role: string;
  kind: RoleKind;
  /** Words of a field's name that say it holds this. */
  words: readonly string[];
  /** Enum values that say it, for a field whose name does not. */
  values?: readonly string[];
  /** Words of a field's name that say it holds something else ("renewal_status" is not the status). */
  unless?: readonly string[];
}

const STATUS_WORDS = ['status', 'state'];
const RENEWAL_WORDS = ['renewal', 'renewed', 'renew', 'renewing'];

/** Every role the views read by name, besides amounts (money-roles.ts). */
export const FIELD_ROLES: readonly RoleSpec[] = [
  {
    collection: 'leases',
    role: 'start_date',
    kind: 'date',
    words: ['start', 'starts', 'commence', 'commences', 'commencement', 'begin', 'begins', 'from'],
  },
  {
    collection: 'leases',
    role: 'end_date',
    kind: 'date',
    words: ['end', 'ends', 'expire', 'expires', 'expiry', 'expiration', 'until'],
  },
  { collection: 'leases', role: 'status', kind: 'enum', words: STATUS_WORDS, unless: RENEWAL_WORDS },
  /** Where a lease says it was renewed (or offered renewal): written on the old lease by a renewal. */
  { collection: 'leases', role: 'renewal_status', kind: 'enum', words: RENEWAL_WORDS },
  { collection: 'units', role: 'status', kind: 'enum', words: STATUS_WORDS },
  { collection: 'payments', role: 'due_date', kind: 'date', words: ['due'] },
  { collection: 'payments', role: 'paid_date', kind: 'date', words: ['paid', 'settled', 'received'] },
  { collection: 'payments', role: 'status', kind: 'enum', words: STATUS_WORDS },
  {
    collection: 'maintenance_requests',
    role: 'priority',
    kind: 'enum',
    words: ['priority', 'urgency', 'severity'],
    values: ['low', 'medium', 'normal', 'high', 'urgent', 'emergency', 'critical'],
  },
  { collection: 'maintenance_requests', role: 'status', kind: 'enum', words: STATUS_WORDS },
  {
    collection: 'maintenance_requests',
    role: 'reported_at',
    kind: 'date',
    words: ['reported', 'logged', 'raised', 'opened'],
  },
  { collection: 'maintenance_requests', role: 'created_at', kind: 'date', words: ['created'] },
  { collection: 'documents', role: 'is_verified', kind: 'boolean', words: ['verified'] },
];

export interface FieldRole {
  collection: Collection;
  role: string;
  /** The contract's field that holds it; null when none does or several could. */
  field: string | null;
  /** The fields that could each hold it, when there are several. */
  candidates: readonly string[];
}

const KIND_FITS: Record<RoleKind, (f: FieldDescriptor) => boolean> = {
  date: (f) => f.type === 'date' || f.type === 'date-time',
  enum: (f) => f.type === 'enum' && (f.enumValues ?? []).every((v) => typeof v === 'string'),
  boolean: (f) => f.type === 'boolean',
};

function candidatesFor(spec: RoleSpec, fields: readonly FieldDescriptor[]): FieldDescriptor[] {
  const fitting = fields
    .filter(KIND_FITS[spec.kind])
    .filter((f) => !nameWords(f.name).some((w) => spec.unless?.includes(w)));
  const named = fitting.filter((f) => nameWords(f.name).some((w) => spec.words.includes(w)));
  if (named.length || !spec.values) return named;
  // An enum whose values say what it is, when no name does (at least two of them, to be sure).
  const says = (f: FieldDescriptor) =>
    (f.enumValues ?? []).filter((v) => spec.values!.includes(String(v).toLowerCase())).length >= 2;
  return fitting.filter(says);
}

/** The roles the contract describes; with no contract, records are read by the role names as they are. */
export function fieldRoles(contract: CompiledContract | undefined): FieldRole[] {
  if (!contract) return [];
  const roles: FieldRole[] = [];
  for (const spec of FIELD_ROLES) {
    const fields = contract.recordFields[spec.collection];
    // A contract that does not describe the collection cannot rule a field in or out.
    if (!fields.length) continue;
    const found = candidatesFor(spec, fields);
    roles.push({
      collection: spec.collection,
      role: spec.role,
      field: found.length === 1 ? found[0]!.name : null,
      candidates: found.length > 1 ? found.map((f) => f.name) : [],
    });
  }
  return roles;
}

/**
 * The one field among `fields` (a suggestion's create or update fields, say) that holds the role;
 * null when none does or several could.
 */
export function roleFieldAmong(
  fields: readonly FieldDescriptor[],
  collection: Collection,
  role: string,
): FieldDescriptor | null {
  const spec = FIELD_ROLES.find((r) => r.collection === collection && r.role === role);
  const found = spec ? candidatesFor(spec, fields) : [];
  return found.length === 1 ? found[0]! : null;
}

export const roleOf = (
  roles: readonly FieldRole[],
  collection: Collection,
  role: string,
): FieldRole | undefined => roles.find((r) => r.collection === collection && r.role === role);

/**
 * One collection's records with each role under the views' name; the same array when the contract
 * already names every role so. A role several fields could hold is taken off the records, so no view
 * reads a value the contract does not vouch for.
 */
export function fieldsIn(
  collection: Collection,
  records: ServiceRecord[],
  roles: readonly FieldRole[],
): ServiceRecord[] {
  const moves = roles.filter(
    (r) => r.collection === collection && r.field !== r.role && (r.field !== null || r.candidates.length),
  );
  if (!moves.length) return records;
  return records.map((record) => {
    const out: ServiceRecord = { ...record };
    for (const r of moves) out[r.role] = r.field === null ? undefined : record[r.field];
    return out;
  });
}

/**
 * Who approved or dismissed a suggestion: a text field of the proposal as the service lists it whose
 * name says a person decided ("decidedBy", "reviewer", "approved_by"), never a time or a note. Null when
 * the contract describes no listed proposal, no field says so, or several could.
 */
const DECIDER_WORDS = ['decided', 'decider', 'reviewed', 'reviewer', 'approved', 'approver', 'actioned'];
const NOT_A_PERSON = ['at', 'on', 'date', 'time', 'when', 'note', 'notes', 'reason', 'comment', 'id'];

export function deciderField(contract: CompiledContract | undefined): string | null {
  const found = (contract?.proposalFields ?? []).filter((f) => {
    const words = nameWords(f.name);
    return (
      f.type === 'string' &&
      words.some((w) => DECIDER_WORDS.includes(w)) &&
      !words.some((w) => NOT_A_PERSON.includes(w))
    );
  });
  return found.length === 1 ? found[0]!.name : null;
}

/** What decides how the roles are read, as one comparable key. */
export function rolesKey(roles: readonly FieldRole[]): string {
  return roles.map((r) => `${r.collection}:${r.role}=${r.field ?? ''}/${r.candidates.join('|')}`).join(',');
}
