// Where tenants rent, as it crosses IPC: the unit of each tenant's running lease named by the shared
// label rule ("Willow Row · 2"), the second line that tells namesakes apart in pickers and search.
import { z } from 'zod';
import { recordIdSchema } from './record-id';

/** A picker's matches on show at most: as many as it lists. */
export const MAX_PLACE_TENANTS = 100;

export const tenantPlacesArgsSchema = z.strictObject({
  tenants: z.array(recordIdSchema).min(1).max(MAX_PLACE_TENANTS),
});

export const tenantPlacesSchema = z.object({
  /** Tenant ID → where they rent; a tenant with no running lease, or one not found in time, is left out. */
  places: z.record(z.string(), z.string()),
});
export type TenantPlaces = z.infer<typeof tenantPlacesSchema>;
