// The seven readable collections, their documented filters and the resource types one may suggest for.
// Only what the service's documentation fixes lives here; record fields come from the service's contract.

export const COLLECTIONS = [
  'properties',
  'units',
  'tenants',
  'leases',
  'payments',
  'maintenance_requests',
  'documents',
] as const;
export type Collection = (typeof COLLECTIONS)[number];

export function isCollection(value: unknown): value is Collection {
  return typeof value === 'string' && (COLLECTIONS as readonly string[]).includes(value);
}

/** How a filter's value is typed; the service fixes these kinds, not the allowed values. */
export type FilterKind =
  { kind: 'text' } | { kind: 'boolean' } | { kind: 'date' } | { kind: 'id'; target: Collection | 'any' };

export const COLLECTION_FILTERS = {
  properties: {
    city: { kind: 'text' },
    state: { kind: 'text' },
    type: { kind: 'text' },
    is_active: { kind: 'boolean' },
  },
  units: {
    property_id: { kind: 'id', target: 'properties' },
    status: { kind: 'text' },
  },
  tenants: {
    is_active: { kind: 'boolean' },
  },
  leases: {
    status: { kind: 'text' },
    unit_id: { kind: 'id', target: 'units' },
    tenant_id: { kind: 'id', target: 'tenants' },
    end_date: { kind: 'date' },
  },
  payments: {
    status: { kind: 'text' },
    tenant_id: { kind: 'id', target: 'tenants' },
    lease_id: { kind: 'id', target: 'leases' },
    due_date: { kind: 'date' },
  },
  maintenance_requests: {
    status: { kind: 'text' },
    priority: { kind: 'text' },
    property_id: { kind: 'id', target: 'properties' },
    unit_id: { kind: 'id', target: 'units' },
  },
  documents: {
    type: { kind: 'text' },
    entity_type: { kind: 'text' },
    entity_id: { kind: 'id', target: 'any' },
    is_verified: { kind: 'boolean' },
  },
} as const satisfies Record<Collection, Record<string, FilterKind>>;

export type FilterName<C extends Collection> = keyof (typeof COLLECTION_FILTERS)[C] & string;

export function filterNames(collection: Collection): string[] {
  return Object.keys(COLLECTION_FILTERS[collection]);
}

export function filterKind(collection: Collection, name: string): FilterKind | undefined {
  const table: Record<string, FilterKind> = COLLECTION_FILTERS[collection];
  return Object.prototype.hasOwnProperty.call(table, name) ? table[name] : undefined;
}

export const RESOURCE_TYPES = [
  'property',
  'unit',
  'tenant',
  'lease',
  'payment',
  'maintenance_request',
] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

export function isResourceType(value: unknown): value is ResourceType {
  return typeof value === 'string' && (RESOURCE_TYPES as readonly string[]).includes(value);
}

export const RESOURCE_COLLECTION: Record<ResourceType, Collection> = {
  property: 'properties',
  unit: 'units',
  tenant: 'tenants',
  lease: 'leases',
  payment: 'payments',
  maintenance_request: 'maintenance_requests',
};

export function resourceTypeOf(collection: Collection): ResourceType | undefined {
  return RESOURCE_TYPES.find((t) => RESOURCE_COLLECTION[t] === collection);
}
