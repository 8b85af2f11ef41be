// Property records: a building or lot the organisation manages.
import { z } from 'zod';
import { serverFields, text } from './common';

export const PROPERTY_TYPES = ['single_family', 'multi_family', 'condo', 'townhouse', 'commercial'] as const;

export const propertyWritable = {
  name: text(1, 120, 'Display name of the property'),
  type: z.enum(PROPERTY_TYPES).meta({ description: 'Kind of property' }),
  address_line1: text(1, 200, 'Street address'),
  city: text(1, 100, 'City'),
  state: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .meta({ description: 'Two-letter US state code' }),
  postal_code: z
    .string()
    .regex(/^\d{5}$/)
    .meta({ description: 'Five-digit ZIP code' }),
  year_built: z
    .number()
    .int()
    .min(1800)
    .max(2100)
    .nullable()
    .meta({ description: 'Year of construction, if known' }),
  is_active: z.boolean().meta({ description: 'false when the property is no longer managed' }),
};

export const propertyCreateRequired = [
  'name',
  'type',
  'address_line1',
  'city',
  'state',
  'postal_code',
] as const;

export const propertyRecordSchema = z.strictObject({ ...serverFields, ...propertyWritable });
export type PropertyRecord = z.infer<typeof propertyRecordSchema>;
