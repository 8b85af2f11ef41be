// Payment records: one rent charge of a lease and whether and when it was paid.
import { z } from 'zod';
import { dateField, idRef, moneyField, serverFields } from './common';

export const PAYMENT_STATUSES = ['paid', 'pending', 'late', 'unpaid'] as const;

export const paymentWritable = {
  lease_id: idRef('ID of the lease the charge belongs to'),
  tenant_id: idRef('ID of the paying tenant'),
  amount: moneyField('Amount due'),
  due_date: dateField('Date the payment is due'),
  paid_date: dateField('Date paid').nullable().meta({ description: 'Date paid; null while unpaid' }),
  status: z.enum(PAYMENT_STATUSES).meta({
    description:
      'paid, pending (not yet due), late (paid after due date or overdue less than 30 days), unpaid (overdue 30 days or more)',
  }),
};

export const paymentCreateRequired = ['lease_id', 'tenant_id', 'amount', 'due_date', 'status'] as const;

export const paymentRecordSchema = z.strictObject({ ...serverFields, ...paymentWritable });
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;
