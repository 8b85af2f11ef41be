// The store's one reader of the JSON it wrote (settings, draft fields, suggestions, offline records):
// text that no longer parses, a damaged row, reads as absent instead of throwing, so one bad row never
// stops a screen or the app from starting. What absent means is the caller's to say.
export function readStoredJson(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A stored JSON object (not an array); undefined for anything else. */
export function readStoredObject(text: string | null): Record<string, unknown> | undefined {
  const value = readStoredJson(text);
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
