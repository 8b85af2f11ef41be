// "Set status…" on records chosen on a list: which field holds their status (found by the field roles
// among the fields a suggestion may update, never by a name guessed here), the values the contract
// allows for it, and one update per record setting it, for one new draft.
import type { CompiledContract, FieldDescriptor } from '../../../../../shared/contract';
import type { DraftChangeInput } from '../../../../../shared/drafts';
import { roleFieldAmong } from '../../../../../shared/field-roles';
import { MAX_CHANGES_PER_BATCH, RESOURCE_COLLECTION } from '../../../../../shared/service';
import type { ResourceType, ServiceRecord } from '../../../../../shared/service';
import { newChangeId } from '../new-change-id';

export interface StatusField {
  name: string;
  values: string[];
}

/**
 * The status field a suggestion may set on records of the type, with the contract's values for it;
 * a sentence saying why not when the contract has no one such field or leaves its values open.
 */
export function statusFieldOf(
  contract: CompiledContract | undefined,
  type: ResourceType,
): StatusField | string {
  if (!contract) return 'The service’s contract is not loaded yet, so the status values are not known.';
  const fields: readonly FieldDescriptor[] = contract.resources[type].updateFields;
  const field = roleFieldAmong(fields, RESOURCE_COLLECTION[type], 'status');
  if (!field) return 'The service’s contract names no single status field a suggestion may set here.';
  const values = (field.enumValues ?? []).filter((v): v is string => typeof v === 'string');
  if (!values.length) return `The contract lists no values for “${field.label}”, so none can be offered.`;
  return { name: field.name, values };
}

/** One update per chosen record, each setting the status; the record as read, where known, kept as "current". */
export function statusChanges(
  type: ResourceType,
  ids: readonly string[],
  field: string,
  value: string,
  read: ReadonlyMap<string, ServiceRecord>,
): DraftChangeInput[] | string {
  const unique = [...new Set(ids)];
  if (!unique.length) return 'Choose at least one record first.';
  if (unique.length > MAX_CHANGES_PER_BATCH)
    return `A draft holds at most ${MAX_CHANGES_PER_BATCH} changes; ${unique.length} are chosen. Choose fewer.`;
  return unique.map((id) => ({
    id: newChangeId(),
    operation: 'update' as const,
    resourceType: type,
    resourceId: id,
    fields: { [field]: value },
    snapshot: read.get(id) ?? null,
  }));
}
