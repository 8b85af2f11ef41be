// Tenant contact records: contact details only, never income, credit, SSN or identity data.
import { z } from 'zod';
import { serverFields, text } from './common';

export const TENANT_STATUSES = ['current', 'future', 'former'] as const;

export const tenantWritable = {
  name: text(1, 120, 'Full name'),
  email: z.email().max(200).meta({ description: 'Contact e-mail address' }),
  phone: z
    .string()
    .regex(/^\+?[0-9 ()-]{7,20}$/)
    .nullable()
    .meta({ description: 'Contact phone number, if known' }),
  status: z.enum(TENANT_STATUSES).meta({ description: 'Tenancy relationship' }),
  is_active: z.boolean().meta({ description: 'false for tenants who no longer rent from the organisation' }),
};

export const tenantCreateRequired = ['name', 'email', 'status', 'is_active'] as const;

export const tenantRecordSchema = z.strictObject({ ...serverFields, ...tenantWritable });
export type TenantRecord = z.infer<typeof tenantRecordSchema>;
