// Maintenance request records: a repair or job reported for a property or one of its units.
import { z } from 'zod';
import { idRef, serverFields, text } from './common';

export const MAINTENANCE_PRIORITIES = ['low', 'medium', 'high', 'emergency'] as const;
export const MAINTENANCE_STATUSES = ['open', 'in_progress', 'on_hold', 'completed', 'cancelled'] as const;

export const maintenanceWritable = {
  property_id: idRef('ID of the property'),
  unit_id: idRef('ID of the unit').nullable().meta({ description: 'ID of the unit; null for common areas' }),
  title: text(1, 120, 'Short title'),
  description: text(0, 2000, 'What is wrong'),
  priority: z.enum(MAINTENANCE_PRIORITIES).meta({ description: 'Urgency' }),
  status: z.enum(MAINTENANCE_STATUSES).meta({ description: 'Work state' }),
  reported_at: z.iso.datetime().meta({ description: 'When the problem was reported' }),
};

export const maintenanceCreateRequired = ['property_id', 'title', 'priority', 'status'] as const;

export const maintenanceRecordSchema = z.strictObject({ ...serverFields, ...maintenanceWritable });
export type MaintenanceRecord = z.infer<typeof maintenanceRecordSchema>;
