// Groups main's problems (and the service's reasons for a refusal) by change and field, so each is
// shown where it belongs: batch-wide at the top, per change on its card, per field by its input.
import type { DraftProblem } from '../../../../../shared/drafts';

export interface ChangeProblems {
  /** By field name, from paths such as "fields.monthly_rent". */
  byField: Record<string, string[]>;
  /** About the change itself, or a path the form has no input for. */
  general: string[];
}

export interface ProblemMap {
  batch: string[];
  byChange: Map<string, ChangeProblems>;
}

export function mapProblems(
  problems: readonly DraftProblem[],
  knownChangeIds: ReadonlySet<string>,
): ProblemMap {
  const map: ProblemMap = { batch: [], byChange: new Map() };
  for (const p of problems) {
    if (p.changeId === null || !knownChangeIds.has(p.changeId)) {
      map.batch.push(p.message);
      continue;
    }
    const entry = map.byChange.get(p.changeId) ?? { byField: {}, general: [] };
    const field = /^fields\.([^.]+)/.exec(p.path)?.[1];
    if (field) (entry.byField[field] ??= []).push(p.message);
    else entry.general.push(p.message);
    map.byChange.set(p.changeId, entry);
  }
  return map;
}

export const NO_PROBLEMS: ChangeProblems = { byField: {}, general: [] };
