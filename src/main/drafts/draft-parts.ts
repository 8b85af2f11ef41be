// Which changes of a draft can go now and which wait. A change whose field names a record another
// change creates (a new lease's tenant) cannot go until that record exists: the service gives it an ID
// only when a person approves it. Such a change is held, and so is every change that waits for a held
// one; the rest go now, as one part of the draft, and the held ones follow in later parts, one part
// per step of waiting.
import type { ChangeLink, DraftChange } from '../../shared/drafts';

export interface DraftParts {
  ready: DraftChange[];
  held: DraftChange[];
  /** How many more parts the held changes need after this one (0 when none is held). */
  later: number;
}

const waits = (link: ChangeLink) => link.state !== 'filled';

export function splitIntoParts(changes: readonly DraftChange[]): DraftParts {
  const byId = new Map(changes.map((c) => [c.id, c]));
  const depth = new Map<string, number>();
  // How many steps a change waits: 0 for one that can go now; a link to a change of this draft adds
  // that change's own wait, a link to a record of an earlier part (still waiting) counts one step.
  const depthOf = (change: DraftChange, seen: ReadonlySet<string>): number => {
    const known = depth.get(change.id);
    if (known !== undefined) return known;
    let steps = 0;
    for (const link of (change.links ?? []).filter(waits)) {
      const source = link.state === 'drafted' ? byId.get(link.sourceChangeId) : undefined;
      const before = source && !seen.has(source.id) ? depthOf(source, new Set([...seen, change.id])) : 0;
      steps = Math.max(steps, before + 1);
    }
    depth.set(change.id, steps);
    return steps;
  };
  const ready: DraftChange[] = [];
  const held: DraftChange[] = [];
  let later = 0;
  for (const change of changes) {
    const steps = depthOf(change, new Set());
    if (steps === 0) ready.push(change);
    else held.push(change);
    later = Math.max(later, steps);
  }
  return { ready, held, later };
}

/** The fields of a change that name a record not yet known: never sent, never checked as missing. */
export function linkedFields(change: DraftChange): Set<string> {
  return new Set((change.links ?? []).filter(waits).map((l) => l.field));
}
