// What a connection's key was refused: the record types the service would not take suggestions for
// because the key lacks a permission, remembered until one is accepted or the key changes.
import { z } from 'zod';
import { RESOURCE_TYPES } from './service';

export const permissionRefusalSchema = z.object({
  connectionId: z.string(),
  resourceType: z.enum(RESOURCE_TYPES),
  /** The scope the service named (or the one PropDesk expects), when known. */
  scope: z.string().nullable(),
  /** The service's words, cleaned. */
  message: z.string(),
  refusedAt: z.string(),
});
export type PermissionRefusal = z.infer<typeof permissionRefusalSchema>;
