// Field building blocks shared by every record schema: server-set fields, dates, money and IDs.
import { z } from 'zod';

/** Fields the server sets on every record; marked readOnly so clients never offer them for editing. */
export const serverFields = {
  id: z
    .string()
    .min(1)
    .meta({ readOnly: true, description: 'Opaque record ID, unique across organisations' }),
  created_at: z.iso.datetime().meta({ readOnly: true, description: 'When the record was created' }),
  updated_at: z.iso.datetime().meta({ readOnly: true, description: 'When the record was last changed' }),
  updated_by: z.string().min(1).meta({
    readOnly: true,
    description: 'Person whose account last wrote the record, e.g. "Dana Whitfield (Property Manager)"',
  }),
};

export const SERVER_FIELD_NAMES = Object.keys(serverFields);

export const dateField = (description: string) => z.iso.date().meta({ description });
export const moneyField = (description: string) =>
  z
    .number()
    .min(0)
    .max(100_000_000)
    .meta({ description: `${description} (currency units, two decimals)` });
export const idRef = (description: string) => z.string().min(1).max(64).meta({ description });
export const text = (min: number, max: number, description: string) =>
  z.string().trim().min(min).max(max).meta({ description });
