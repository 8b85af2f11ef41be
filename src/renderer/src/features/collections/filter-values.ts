// A route's filter values changed: the ones given set, an empty one removed (meaning no filter).

/** The values with these set (an empty one removed). */
export function withValues(
  values: Record<string, string>,
  changes: Record<string, string | undefined>,
): Record<string, string> {
  const next = { ...values };
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined || value === '') delete next[name];
    else next[name] = value;
  }
  return next;
}
