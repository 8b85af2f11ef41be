// What labels need from a connection's contract: the label plan of every collection (planned once per
// compiled contract) and the fields those plans read, so main keeps only those fields of the records
// it lists for labels, and knows which linked records a label may follow.
import { labelPlans } from '../../shared/contract';
import type { CompiledContract, LabelPlan } from '../../shared/contract';
import { COLLECTIONS } from '../../shared/service';
import type { Collection, ServiceRecord } from '../../shared/service';

export interface LabelRules {
  plans: Record<Collection, LabelPlan>;
  /** Per collection, the fields a label reads: naming words, links, a charge's date and amount. */
  fields: Record<Collection, readonly string[]>;
  /** Changes whenever `fields` does, so records kept under other rules are not read under these. */
  signature: string;
}

const planned = new WeakMap<CompiledContract, LabelRules>();

function fieldsOf(plan: LabelPlan): string[] {
  const fields = new Set<string>();
  for (const candidate of plan.own) for (const field of candidate.fields) fields.add(field);
  for (const part of [...plan.context, ...plan.after]) {
    if (part.kind === 'reference') for (const option of part.options) fields.add(option.field);
    else fields.add(part.field);
  }
  return [...fields].sort();
}

export function labelRules(contract: CompiledContract): LabelRules {
  const known = planned.get(contract);
  if (known) return known;
  const plans = labelPlans(contract);
  const fields = {} as Record<Collection, readonly string[]>;
  for (const collection of COLLECTIONS) fields[collection] = fieldsOf(plans[collection]);
  const rules = { plans, fields, signature: JSON.stringify(fields) };
  planned.set(contract, rules);
  return rules;
}

/** The record cut down to its ID and the fields its label reads. */
export function compact(record: ServiceRecord, fields: readonly string[]): ServiceRecord {
  const out: ServiceRecord = { id: record.id };
  for (const field of fields) if (record[field] !== undefined) out[field] = record[field];
  return out;
}

/** The records a record's label may name (its unit, its tenant …), as collection and ID. */
export function linksOf(plan: LabelPlan, record: ServiceRecord): Array<[Collection, string]> {
  const out: Array<[Collection, string]> = [];
  for (const { field, collection } of plan.references) {
    const id = record[field];
    if (typeof id === 'string' && id) out.push([collection, id]);
  }
  return out;
}
