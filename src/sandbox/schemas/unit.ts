// Unit records: a rentable space inside a property.
import { z } from 'zod';
import { idRef, moneyField, serverFields, text } from './common';

export const UNIT_STATUSES = ['vacant', 'occupied', 'notice', 'make_ready'] as const;

export const unitWritable = {
  property_id: idRef('ID of the property the unit belongs to'),
  unit_number: text(1, 20, 'Unit label within the property, e.g. "3B"'),
  bedrooms: z
    .number()
    .int()
    .min(0)
    .max(20)
    .meta({ description: 'Number of bedrooms (0 for studios and commercial space)' }),
  bathrooms: z.number().min(0).max(20).meta({ description: 'Number of bathrooms; halves allowed (1.5)' }),
  square_feet: z.number().int().min(1).max(1_000_000).meta({ description: 'Floor area in square feet' }),
  market_rent: moneyField('Asking monthly rent'),
  status: z.enum(UNIT_STATUSES).meta({ description: 'Occupancy state' }),
};

export const unitCreateRequired = [
  'property_id',
  'unit_number',
  'bedrooms',
  'bathrooms',
  'square_feet',
  'market_rent',
  'status',
] as const;

export const unitRecordSchema = z.strictObject({ ...serverFields, ...unitWritable });
export type UnitRecord = z.infer<typeof unitRecordSchema>;
