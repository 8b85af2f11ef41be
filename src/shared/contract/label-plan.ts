// How each collection's records are named on screen, planned once per contract. What a landlord
// reads for each kind of record follows from what the service's documentation says the collections hold; which
// fields supply the words comes from the contract alone:
//   property, tenant, document   its own name ("Maple Court", "Ada Lovelace", "lease.pdf")
//   unit                         "<property> · <unit>" ("Maple Court · 3B")
//   lease                        "<tenant> · <unit>": who rents what; its own number only if that fails
//   payment                      "<tenant> · <due date> · <amount>": whose charge, for when, how much
//                                (the lease stands in for the tenant where a payment names only that)
//   maintenance request          "<title> · <unit or property>": what is wrong, then where
import type { MoneyUnit } from '../money/money-amount';
import { COLLECTIONS } from '../service';
import type { Collection } from '../service';
import type { CompiledContract } from './compile-contract';
import type { FieldDescriptor } from './field-descriptor';
import { chargeAmount, chargeDate, rankLabelFields } from './label-fields';
import type { LabelCandidate } from './label-fields';
import { moneyUnitOf } from './money-fields';
import { referenceFields } from './references';
import type { ReferenceField } from './references';

export type LabelPart =
  /** The label of the first of these referenced records the record links to and can be read. */
  | { kind: 'reference'; options: ReferenceField[] }
  | { kind: 'date'; field: string }
  | { kind: 'money'; field: string; unit: MoneyUnit };

export interface LabelPlan {
  collection: Collection;
  /** Records named before the record's own words ("Maple Court" before "3B"). */
  context: LabelPart[];
  /** The record's own naming fields, best first; the first the record has a value for is used. */
  own: LabelCandidate[];
  /** Whether the own words appear when the context names the record (not for leases and payments). */
  ownWithContext: boolean;
  /** Parts after the own words: where a maintenance request is; a payment's due date and amount. */
  after: LabelPart[];
  /** Every reference the plan may follow, so a screen can read those records ahead. */
  references: ReferenceField[];
}

interface Shape {
  context: Collection[][];
  ownWithContext: boolean;
  after: Array<Collection[] | 'date' | 'money'>;
}

const SHAPES: Record<Collection, Shape> = {
  properties: { context: [], ownWithContext: true, after: [] },
  units: { context: [['properties']], ownWithContext: true, after: [] },
  tenants: { context: [], ownWithContext: true, after: [] },
  leases: { context: [['tenants'], ['units']], ownWithContext: false, after: [] },
  payments: { context: [['tenants', 'leases']], ownWithContext: false, after: ['date', 'money'] },
  maintenance_requests: { context: [], ownWithContext: true, after: [['units', 'properties']] },
  documents: { context: [], ownWithContext: true, after: [] },
};

function referencePart(
  wanted: readonly Collection[],
  links: readonly ReferenceField[],
): LabelPart | undefined {
  const options = wanted.flatMap((c) => links.filter((l) => l.collection === c));
  return options.length > 0 ? { kind: 'reference', options } : undefined;
}

/** The plan of one collection from its record fields; `described` says which collections exist. */
export function labelPlanFor(
  collection: Collection,
  fields: readonly FieldDescriptor[],
  described: (collection: Collection) => boolean,
): LabelPlan {
  const shape = SHAPES[collection];
  const links = referenceFields(fields, described);
  const own = rankLabelFields(fields);
  const context = shape.context.flatMap((wanted) => referencePart(wanted, links) ?? []);
  const after: LabelPart[] = [];
  for (const part of shape.after) {
    if (part === 'date') {
      const field = chargeDate(fields);
      if (field) after.push({ kind: 'date', field });
    } else if (part === 'money') {
      const field = chargeAmount(fields);
      const unit = field ? moneyUnitOf(fields.find((f) => f.name === field)!) : null;
      if (field && unit) after.push({ kind: 'money', field, unit });
    } else {
      const ref = referencePart(part, links);
      if (ref) after.push(ref);
    }
  }
  const references = [...context, ...after].flatMap((p) => (p.kind === 'reference' ? p.options : []));
  return {
    collection,
    context,
    own,
    // A lease or payment the contract gives a name or title of its own shows it beside its context.
    ownWithContext: shape.ownWithContext || own[0]?.outright === true,
    after,
    references,
  };
}

/** The label plan of every collection of a compiled contract. */
export function labelPlans(contract: CompiledContract): Record<Collection, LabelPlan> {
  const described = (c: Collection) => contract.recordFields[c].length > 0;
  const plans = {} as Record<Collection, LabelPlan>;
  for (const collection of COLLECTIONS) {
    plans[collection] = labelPlanFor(collection, contract.recordFields[collection], described);
  }
  return plans;
}
