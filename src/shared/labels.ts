// The names people see for each collection, shared by the screens and their tests.
import type { Collection } from './service/collections';

export const COLLECTION_LABELS: Record<Collection, string> = {
  properties: 'Properties',
  units: 'Units',
  tenants: 'Tenants',
  leases: 'Leases',
  payments: 'Payments',
  maintenance_requests: 'Maintenance',
  documents: 'Documents',
};
