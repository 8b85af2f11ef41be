// Readers of one value of a service record, whose fields come from a contract PropDesk does not know
// in advance: a value is used only when it is of the kind asked for, else it counts as absent.

/** A non-empty string, else null. */
export const textValue = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

/** A finite number, else null. */
export const numberValue = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? v : null;
