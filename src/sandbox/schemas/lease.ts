// Lease records: a tenant renting a unit for a period (end_date null means month-to-month).
import { z } from 'zod';
import { dateField, idRef, moneyField, serverFields } from './common';

export const LEASE_STATUSES = ['active', 'pending', 'ended', 'month_to_month'] as const;

export const leaseWritable = {
  unit_id: idRef('ID of the leased unit'),
  tenant_id: idRef('ID of the tenant'),
  start_date: dateField('First day of the lease'),
  end_date: dateField('Last day of the lease')
    .nullable()
    .meta({ description: 'Last day of the lease; null for month-to-month' }),
  monthly_rent: moneyField('Monthly rent'),
  security_deposit: moneyField('Security deposit held'),
  status: z.enum(LEASE_STATUSES).meta({ description: 'Lease state' }),
};

export const leaseCreateRequired = [
  'unit_id',
  'tenant_id',
  'start_date',
  'monthly_rent',
  'security_deposit',
  'status',
] as const;

export const leaseRecordSchema = z.strictObject({
  ...serverFields,
  lease_number: z
    .string()
    .min(1)
    .meta({ readOnly: true, description: 'Human reference of the lease, e.g. "L-1042"' }),
  ...leaseWritable,
});
export type LeaseRecord = z.infer<typeof leaseRecordSchema>;
