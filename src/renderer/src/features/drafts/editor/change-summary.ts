// One change in a sentence, for the change list, the confirmation and the stale-record warnings:
// "Lease L-1042: monthly rent $1,200.00 → $1,260.00".
import type { CompiledContract, FieldDescriptor } from '../../../../../shared/contract';
import type { ChangeLink } from '../../../../../shared/drafts';
import type { LabelRef } from '../../../../../shared/label-refs';
import { RESOURCE_COLLECTION, resourceNoun, resourceTitle } from '../../../../../shared/service';
import type { Operation, ResourceType } from '../../../../../shared/service';
import { fieldWords, inSentence, moneyUnitOf, referencedCollection } from '../../../../../shared/contract';
import { formatTyped } from '../../../lib/format-typed';
import { recordLabel } from '../../collections/record-label';
import type { LabelLookup } from '../../../labels/label-view';

export interface SummarisedChange {
  operation: Operation;
  resourceType: ResourceType;
  resourceId: string | null;
  fields: Record<string, unknown>;
  snapshot: Record<string, unknown> | null;
  /** Fields that name a record another change creates (they hold no value until it exists). */
  links?: ReadonlyArray<Pick<ChangeLink, 'field' | 'resourceType' | 'state'>>;
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

/** A value of a change's field as the screens show it; money in the connection's `currency`. */
export function formatFieldValue(value: unknown, d: Described, currency: string): string {
  return formatTyped(value, { type: d.type, money: moneyUnitOf(d), name: d.name }, currency);
}

/** A record's label, by the shared label rule, from the copy kept with the change. */
export function snapshotLabel(
  resourceType: ResourceType,
  snapshot: Record<string, unknown> | null,
  id: string | null,
): string {
  if (snapshot && typeof snapshot.id === 'string') {
    return recordLabel(RESOURCE_COLLECTION[resourceType], snapshot as { id: string });
  }
  return id ?? 'record';
}

/**
 * "Lease Aisha Cohen · Cedar Commons · 1B": the changed record by its label once read (`labels`),
 * until then by its own words in the copy kept with the change.
 */
export function changeTitle(change: SummarisedChange, labels: LabelLookup): string {
  if (change.operation === 'create') return `New ${inSentence(resourceTitle(change.resourceType))}`;
  const target = change.resourceId
    ? labels(RESOURCE_COLLECTION[change.resourceType], change.resourceId)
    : undefined;
  const name =
    target?.state === 'named'
      ? target.text
      : snapshotLabel(change.resourceType, change.snapshot, change.resourceId);
  return `${resourceTitle(change.resourceType)} ${name}`;
}

/** A reference field's value as a label request; undefined for anything else. */
function refOf(name: string, value: unknown): LabelRef | undefined {
  const collection = referencedCollection(name);
  return collection && typeof value === 'string' && value ? { collection, id: value } : undefined;
}

/**
 * The records these changes are made to, and the records their fields name (now and before), for one
 * labels call: every screen of the submit flow shows names, not IDs.
 */
export function changeTargets(changes: readonly SummarisedChange[]): LabelRef[] {
  return changes.flatMap((c) => [
    ...(c.resourceId ? [{ collection: RESOURCE_COLLECTION[c.resourceType], id: c.resourceId }] : []),
    ...Object.entries(c.fields).flatMap(([name, value]) => {
      const now = refOf(name, value);
      const before = c.snapshot ? refOf(name, c.snapshot[name]) : undefined;
      return [now, before].filter((r): r is LabelRef => r !== undefined);
    }),
  ]);
}

/** A field's value in a sentence: a referenced record by its name once known, else as the field holds it. */
function valueWords(
  name: string,
  value: unknown,
  d: Described,
  currency: string,
  labels: LabelLookup | undefined,
): string {
  const ref = refOf(name, value);
  if (ref && labels) {
    const view = labels(ref.collection, ref.id);
    if (view.state === 'named') return view.text;
  }
  return formatFieldValue(value, d, currency);
}

/** "tenant: the new tenant this draft creates", for each field still waiting for a drafted record. */
function waitingWords(change: SummarisedChange, contract: CompiledContract | undefined): string[] {
  return (change.links ?? [])
    .filter((l) => l.state === 'drafted')
    .map((l) => {
      const d = describedField(contract, change, l.field);
      return `${inSentence(d.label)} the new ${resourceNoun(l.resourceType)} this draft creates`;
    });
}

export function changeDetails(
  change: SummarisedChange,
  currency: string,
  contract?: CompiledContract,
  limit = 6,
  labels?: LabelLookup,
): string {
  const entries = Object.entries(change.fields);
  const waiting = waitingWords(change, contract);
  if (entries.length === 0 && waiting.length === 0) return 'no fields yet';
  const parts = entries.slice(0, limit).map(([name, value]) => {
    const d = describedField(contract, change, name);
    const next = valueWords(name, value, d, currency, labels);
    if (change.operation === 'update' && change.snapshot) {
      return `${inSentence(d.label)} ${valueWords(name, change.snapshot[name], d, currency, labels)} → ${next}`;
    }
    return `${inSentence(d.label)} ${next}`;
  });
  if (entries.length > limit) parts.push(`${entries.length - limit} more`);
  return [...waiting, ...parts].join('; ');
}

export function describeChange(
  change: SummarisedChange,
  currency: string,
  labels: LabelLookup,
  contract?: CompiledContract,
): string {
  return `${changeTitle(change, labels)}: ${changeDetails(change, currency, contract, 6, labels)}`;
}
