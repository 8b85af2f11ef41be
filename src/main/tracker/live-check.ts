// Compares what a suggestion asked for with what the service now holds for the record, after a
// person approved it: the tracker shows whether the suggested values are live.
import type { LiveCheck } from '../../shared/tracker';

/** JSON-equal, with object keys in any order (services may reorder them). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'number' && typeof b === 'number') return Number.isNaN(a) && Number.isNaN(b);
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

export function compareLive(
  suggested: Record<string, unknown>,
  current: Record<string, unknown>,
  checkedAt: string,
): LiveCheck {
  const fields = Object.entries(suggested).map(([name, value]) => ({
    name,
    suggested: value,
    current: current[name] ?? null,
  }));
  return {
    checkedAt,
    live: fields.every((f) => sameValue(f.suggested, f.current)),
    fields,
    problem: null,
  };
}

export function liveProblem(
  suggested: Record<string, unknown> | null,
  problem: string,
  checkedAt: string,
): LiveCheck {
  return {
    checkedAt,
    live: false,
    fields: Object.entries(suggested ?? {}).map(([name, value]) => ({
      name,
      suggested: value,
      current: null,
    })),
    problem,
  };
}
