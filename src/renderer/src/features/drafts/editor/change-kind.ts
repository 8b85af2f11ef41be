// What a change is: a new record or a change to an existing one (its operation), and of which type of
// record, among the types the contract gives fields for that operation. Adding a change and importing a
// CSV file's rows both choose one (change-kind-choice.tsx).
import type { CompiledContract } from '../../../../../shared/contract';
import { RESOURCE_TYPES } from '../../../../../shared/service';
import type { Operation, ResourceType } from '../../../../../shared/service';

export interface ChangeKind {
  operation: Operation;
  type: ResourceType;
}

/** Where both choices start: a change to a lease, the change landlords draft most. */
export const FIRST_KIND: ChangeKind = { operation: 'update', type: 'lease' };

export const fieldsOf = (contract: CompiledContract, type: ResourceType, operation: Operation) =>
  operation === 'create' ? contract.resources[type].createFields : contract.resources[type].updateFields;

/** Resource types that have fields for the operation. */
export function typesWithFields(contract: CompiledContract, operation: Operation): ResourceType[] {
  return RESOURCE_TYPES.filter((t) => fieldsOf(contract, t, operation).length > 0);
}

/** The kind as chosen, its type the first with fields for the operation when the chosen one has none. */
export function usableKind(contract: CompiledContract, wanted: ChangeKind): ChangeKind {
  const available = typesWithFields(contract, wanted.operation);
  const type = available.includes(wanted.type) ? wanted.type : (available[0] ?? wanted.type);
  return { operation: wanted.operation, type };
}
