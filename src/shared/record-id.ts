// The shape of a service record's ID as PropDesk accepts it from the renderer: opaque, short, and made
// of word characters, dots, colons and dashes only.
import { z } from 'zod';

export const recordIdSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[\w.:-]+$/, 'Not a valid record ID');
