// One change in a sentence, for the change list, the confirmation and the stale-record warnings:
// "Lease L-1042: monthly rent $1,200.00 → $1,260.00".
import type { CompiledContract, FieldDescriptor } from '../../../../shared/contract';
import type { Operation, ResourceType } from '../../../../shared/service';
import { fieldWords, moneyUnitOf } from '../../../../shared/contract';
import { formatTyped } from '../../lib/format-typed';
import { recordLabel } from '../collections/record-label';
import { inSentence, resourceTitle } from './resource-words';

export interface SummarisedChange {
  operation: Operation;
  resourceType: ResourceType;
  resourceId: string | null;
  fields: Record<string, unknown>;
  snapshot: Record<string, unknown> | null;
}

type Described = Pick<FieldDescriptor, 'name' | 'label' | 'type'>;

export function describedField(
  contract: CompiledContract | undefined,
  change: Pick<SummarisedChange, 'operation' | 'resourceType'>,
  name: string,
): Described {
  const list =
    change.operation === 'create'
      ? contract?.resources[change.resourceType].createFields
      : contract?.resources[change.resourceType].updateFields;
  return list?.find((d) => d.name === name) ?? { name, label: fieldWords(name), type: 'unknown' };
}

export function formatFieldValue(value: unknown, d: Described): string {
  return formatTyped(value, { type: d.type, money: moneyUnitOf(d) !== null, name: d.name });
}

/** A record's human name: its name-like fields, else a reference number such as a lease number. */
export function snapshotLabel(snapshot: Record<string, unknown> | null, id: string | null): string {
  if (snapshot && typeof snapshot.id === 'string') {
    const label = recordLabel(snapshot as { id: string });
    if (label !== snapshot.id) return label;
    const ref = Object.entries(snapshot).find(([k, v]) => /_number$/.test(k) && typeof v === 'string' && v);
    if (ref) return String(ref[1]);
  }
  return id ?? 'record';
}

export function changeTitle(change: SummarisedChange): string {
  return change.operation === 'create'
    ? `New ${inSentence(resourceTitle(change.resourceType))}`
    : `${resourceTitle(change.resourceType)} ${snapshotLabel(change.snapshot, change.resourceId)}`;
}

export function changeDetails(change: SummarisedChange, contract?: CompiledContract, limit = 6): string {
  const entries = Object.entries(change.fields);
  if (entries.length === 0) return 'no fields yet';
  const parts = entries.slice(0, limit).map(([name, value]) => {
    const d = describedField(contract, change, name);
    const next = formatFieldValue(value, d);
    if (change.operation === 'update' && change.snapshot) {
      return `${inSentence(d.label)} ${formatFieldValue(change.snapshot[name], d)} → ${next}`;
    }
    return `${inSentence(d.label)} ${next}`;
  });
  if (entries.length > limit) parts.push(`${entries.length - limit} more`);
  return parts.join('; ');
}

export function describeChange(change: SummarisedChange, contract?: CompiledContract): string {
  return `${changeTitle(change)}: ${changeDetails(change, contract)}`;
}
