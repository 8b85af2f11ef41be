// The plan at the top of a draft, computed from its changes, their snapshots and the contract:
// "14 lease updates, 3 maintenance requests to create — monthly rent +$1,240.00 in total".
import type { CompiledContract, FieldDescriptor } from '../../../../../shared/contract';
import type { MoneyUnit } from '../../../../../shared/money';
import type { Operation, ResourceType } from '../../../../../shared/service';
import { formatTyped } from '../../../lib/format-typed';
import { fieldWords, inSentence, moneyUnitOf } from '../../../../../shared/contract';
import { resourceNoun } from '../../../../../shared/service';

export interface PlanChange {
  operation: Operation;
  resourceType: ResourceType;
  fields: Record<string, unknown>;
  snapshot: Record<string, unknown> | null;
}

export interface PlanGroup {
  resourceType: ResourceType;
  operation: Operation;
  count: number;
}

export interface PlanDelta {
  resourceType: ResourceType;
  field: string;
  label: string;
  total: number;
  /** The unit the contract keeps the field in when it is money, else null. */
  money: MoneyUnit | null;
  /** How many updates contributed to the total. */
  changes: number;
  text: string;
}

export interface PlanSummary {
  groups: PlanGroup[];
  deltas: PlanDelta[];
  /** Updates whose record was not read when drafted, so no current value is known to compare. */
  withoutSnapshot: number;
  text: string;
}

function groupText(group: PlanGroup): string {
  const noun = resourceNoun(group.resourceType, group.count);
  return group.operation === 'update'
    ? `${group.count.toLocaleString()} ${resourceNoun(group.resourceType)} update${group.count === 1 ? '' : 's'}`
    : `${group.count.toLocaleString()} ${noun} to create`;
}

/** Signed, in the field's own format: "+$1,240.00", "−3"; money in the connection's `currency`. */
export function formatDelta(
  total: number,
  descriptor: Pick<FieldDescriptor, 'name' | 'type'>,
  money: MoneyUnit | null,
  currency: string,
): string {
  const sign = total > 0 ? '+' : total < 0 ? '−' : '±';
  const column = { type: descriptor.type, money, name: descriptor.name };
  return `${sign}${formatTyped(Math.abs(total), column, currency)}`;
}

export function summarisePlan(
  changes: readonly PlanChange[],
  currency: string,
  contract?: CompiledContract,
): PlanSummary {
  const groups: PlanGroup[] = [];
  const deltas = new Map<string, Omit<PlanDelta, 'text'> & { type: FieldDescriptor['type'] }>();
  let withoutSnapshot = 0;
  for (const change of changes) {
    let group = groups.find(
      (g) => g.resourceType === change.resourceType && g.operation === change.operation,
    );
    if (!group) {
      group = { resourceType: change.resourceType, operation: change.operation, count: 0 };
      groups.push(group);
    }
    group.count += 1;
    if (change.operation !== 'update') continue;
    if (!change.snapshot) {
      withoutSnapshot += 1;
      continue;
    }
    const described = contract?.resources[change.resourceType].updateFields;
    for (const [name, next] of Object.entries(change.fields)) {
      const current = change.snapshot[name];
      if (typeof next !== 'number' || typeof current !== 'number') continue;
      const descriptor = described?.find((d) => d.name === name);
      // With a contract, only fields it calls numbers are summed (never IDs or codes stored as numbers).
      if (described && descriptor?.type !== 'number' && descriptor?.type !== 'integer') continue;
      const type =
        descriptor?.type ?? (Number.isInteger(next) && Number.isInteger(current) ? 'integer' : 'number');
      const key = `${change.resourceType}.${name}`;
      const entry = deltas.get(key) ?? {
        resourceType: change.resourceType,
        field: name,
        label: descriptor?.label ?? fieldWords(name),
        total: 0,
        money: moneyUnitOf(descriptor ?? { name, type }),
        changes: 0,
        type,
      };
      entry.total += next - current;
      entry.changes += 1;
      deltas.set(key, entry);
    }
  }
  const deltaList: PlanDelta[] = [...deltas.values()]
    // Floating sums of cents drift: round to the cent before deciding it is zero.
    .map(({ type, ...d }) => ({ ...d, total: Math.round(d.total * 100) / 100, type }))
    .filter((d) => d.total !== 0)
    .map(({ type, ...d }) => ({
      ...d,
      text: formatDelta(d.total, { name: d.field, type }, d.money, currency),
    }));
  const head = groups.length ? groups.map(groupText).join(', ') : 'No changes yet';
  const tail = deltaList.length
    ? ` — ${deltaList.map((d) => `${inSentence(d.label)} ${d.text} in total`).join(', ')}`
    : '';
  return { groups, deltas: deltaList, withoutSnapshot, text: `${head}${tail}` };
}
