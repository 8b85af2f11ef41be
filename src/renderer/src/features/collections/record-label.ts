// A record's label on screens that know its collection: the shared label rule (label-plan.ts) on the
// record's own fields, planned from the contract when it has been read and from the record itself
// otherwise. Links to other records are not followed here, since that needs those records read.
import { fieldWords, formatLabel, labelPlanFor, labelPlans } from '../../../../shared/contract';
import type { CompiledContract, FieldDescriptor, LabelPlan } from '../../../../shared/contract';
import type { Collection, ServiceRecord } from '../../../../shared/service';
import { guessType } from './columns';

const planned = new WeakMap<CompiledContract, Record<Collection, LabelPlan>>();

function plansOf(contract: CompiledContract): Record<Collection, LabelPlan> {
  let plans = planned.get(contract);
  if (!plans) {
    plans = labelPlans(contract);
    planned.set(contract, plans);
  }
  return plans;
}

/** Field descriptions guessed from one record's values, for when no contract has been read. */
export function guessedFields(record: ServiceRecord): FieldDescriptor[] {
  return Object.entries(record).map(([name, value]) => ({
    name,
    label: fieldWords(name),
    type: guessType(value),
    required: false,
    nullable: false,
    readOnly: false,
  }));
}

export function recordLabel(
  collection: Collection,
  record: ServiceRecord,
  contract?: CompiledContract,
): string {
  const plan = contract
    ? plansOf(contract)[collection]
    : labelPlanFor(collection, guessedFields(record), () => true);
  return formatLabel(plan, record, { lookup: () => undefined });
}

export function matchesSearch(record: ServiceRecord, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return Object.values(record).some(
    (v) => (typeof v === 'string' || typeof v === 'number') && String(v).toLowerCase().includes(needle),
  );
}
