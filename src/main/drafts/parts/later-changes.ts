// Which changes of a draft go now and which are later changes. A change whose link waits for a record
// not yet known (a new lease's tenant, drafted with it) cannot go until that record exists: the
// service gives a record its ID only when a person approves it. It is a later change, and so is every
// change that waits for one; the rest go now, as one part, and the later changes follow in later
// parts, one part per step of waiting.
import type { ChangeLink, DraftChange } from '../../../shared/drafts';

export interface LaterChanges {
  ready: DraftChange[];
  later: DraftChange[];
  /** How many more parts the later changes need after this one (0 when there are none). */
  partsAfter: number;
}

const waits = (link: ChangeLink) => link.state !== 'filled';

export function splitLater(changes: readonly DraftChange[]): LaterChanges {
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
  const later: DraftChange[] = [];
  let partsAfter = 0;
  for (const change of changes) {
    const steps = depthOf(change, new Set());
    if (steps === 0) ready.push(change);
    else later.push(change);
    partsAfter = Math.max(partsAfter, steps);
  }
  return { ready, later, partsAfter };
}

/** The fields of a change whose links wait: never sent, never checked as missing. */
export function waitingFields(change: DraftChange): Set<string> {
  return new Set((change.links ?? []).filter(waits).map((l) => l.field));
}
