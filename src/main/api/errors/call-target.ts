// What a request is for, so an error can name the thing and the scope the call needed
// ("This API key isn't allowed to read leases (needs the scope leases:read)").
import type { Collection, ResourceType } from '../../../shared/service/index';
import { PROPOSALS_READ_SCOPE, proposeScope, readScope } from '../../../shared/service/index';
import { assertNever } from '../../../shared/app-error';
import { CONTRACT_SEGMENT } from '../../../shared/request-kind';
import type { RequestKind } from '../../../shared/request-kind';

export type CallTarget =
  | { kind: 'list'; collection: Collection }
  | { kind: 'get'; collection: Collection; id: string }
  | { kind: 'proposals' }
  | { kind: 'submit'; resourceTypes: ResourceType[] }
  | { kind: 'contract' };

const COLLECTION_WORDS: Record<Collection, { plural: string; singular: string }> = {
  properties: { plural: 'properties', singular: 'property' },
  units: { plural: 'units', singular: 'unit' },
  tenants: { plural: 'tenant contacts', singular: 'tenant' },
  leases: { plural: 'leases', singular: 'lease' },
  payments: { plural: 'payments', singular: 'payment' },
  maintenance_requests: { plural: 'maintenance requests', singular: 'maintenance request' },
  documents: { plural: 'documents', singular: 'document' },
};

const RESOURCE_WORDS: Record<ResourceType, string> = {
  property: 'properties',
  unit: 'units',
  tenant: 'tenants',
  lease: 'leases',
  payment: 'payments',
  maintenance_request: 'maintenance requests',
};

export function collectionWords(collection: Collection): { plural: string; singular: string } {
  return COLLECTION_WORDS[collection];
}

/** The scope(s) the call needs, as the service's documentation names them. */
export function requiredScopes(target: CallTarget): string[] {
  switch (target.kind) {
    case 'list':
    case 'get':
      return [readScope(target.collection)];
    case 'proposals':
      return [PROPOSALS_READ_SCOPE];
    case 'submit':
      return [...new Set(target.resourceTypes.map(proposeScope))];
    case 'contract':
      return [];
    default:
      return assertNever(target, 'call target');
  }
}

/** "read leases", "suggest changes to leases and payments", … */
export function actionWords(target: CallTarget): string {
  switch (target.kind) {
    case 'list':
    case 'get':
      return `read ${COLLECTION_WORDS[target.collection].plural}`;
    case 'proposals':
      return 'read the status of suggestions';
    case 'submit': {
      const kinds = [...new Set(target.resourceTypes.map((t) => RESOURCE_WORDS[t]))];
      const list =
        kinds.length > 1 ? `${kinds.slice(0, -1).join(', ')} and ${kinds.at(-1)}` : (kinds[0] ?? 'records');
      return `suggest changes to ${list}`;
    }
    case 'contract':
      return "read the service's contract (openapi.json)";
    default:
      return assertNever(target, 'call target');
  }
}

/**
 * The request's kind, which a wait the service asks for holds: its method and the first path segment
 * under /api/v1, as every path ApiClient builds for this target begins.
 */
export function requestKind(target: CallTarget): RequestKind {
  switch (target.kind) {
    case 'list':
    case 'get':
      return { method: 'GET', collection: target.collection };
    case 'proposals':
      return { method: 'GET', collection: 'proposals' };
    case 'submit':
      return { method: 'POST', collection: 'proposals' };
    case 'contract':
      return { method: 'GET', collection: CONTRACT_SEGMENT };
    default:
      return assertNever(target, 'call target');
  }
}
