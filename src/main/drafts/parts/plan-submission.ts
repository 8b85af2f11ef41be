// The plan of a submission, worked out from plain data before anything is sent: which changes go now
// and which are later changes; for a draft sent in parts, the plan of the part that goes (its label
// for the reviewer, where the later changes go) and the creates going now whose records links wait
// for; and the problems, all of them as the editor lists them and those that stop this part now.
import type { CompiledContract } from '../../../shared/contract';
import type { DraftChange, DraftProblem } from '../../../shared/drafts';
import type { DraftRow } from '../../store/draft-repo';
import type { SubmissionPlan } from '../../store/submission-rows';
import type { PendingSuggestion } from '../../store/suggestions-records';
import { checkChanges, checkOverlaps } from '../draft-checks';
import { splitLater, waitingFields } from './later-changes';
import type { LaterChanges } from './later-changes';

export interface SubmissionInput {
  /** The draft: its label and, for a part of a group, its place in it. */
  draft: Pick<DraftRow, 'id' | 'label' | 'reviewGroup'>;
  /** Its changes, each with the links of its fields. */
  changes: readonly DraftChange[];
  /** The contract the changes are checked against; undefined while none is known. */
  contract: CompiledContract | undefined;
  /** Suggestions already waiting for review, which a change must not repeat. */
  pending: readonly PendingSuggestion[];
}

export interface PlannedSubmission {
  /** The changes that go now, in the draft's order. */
  ready: DraftChange[];
  /** The later changes, kept for a later part. */
  later: DraftChange[];
  /** The plan of the part that goes now; null when every change goes now, or none can. */
  plan: SubmissionPlan | null;
  /** The creates going now whose records later changes wait for. */
  sources: DraftChange[];
  /** Every problem of the draft, as the editor lists them. */
  problems: DraftProblem[];
  /** The problems that stop the draft from going now. */
  blocking: DraftProblem[];
}

const PART_SUFFIX = / — part \d+ of \d+$/;
const MAX_LABEL = 200;

function partLabel(base: string, part: number, parts: number): string {
  const suffix = ` — part ${part} of ${parts}`;
  return `${base.slice(0, MAX_LABEL - suffix.length).trimEnd()}${suffix}`;
}

function planOf(draft: SubmissionInput['draft'], split: LaterChanges): SubmissionPlan | null {
  if (split.later.length === 0 || split.ready.length === 0) return null;
  const part = draft.reviewGroup?.part ?? 1;
  const total = part + split.partsAfter;
  const base = draft.label.replace(PART_SUFFIX, '');
  return {
    sent: split.ready.map((c) => c.id),
    later: split.later.map((c) => c.id),
    group: { id: draft.reviewGroup?.id ?? draft.id, part, parts: total },
    label: partLabel(base, part, total),
    nextLabel: partLabel(base, part + 1, total),
  };
}

function sourcesOf(split: LaterChanges): DraftChange[] {
  const wanted = new Set(
    split.later.flatMap((c) =>
      (c.links ?? []).filter((l) => l.state === 'drafted').map((l) => l.sourceChangeId),
    ),
  );
  return split.ready.filter((c) => wanted.has(c.id) && c.operation === 'create');
}

/** Links whose record will not come, and a draft of which nothing can go yet. */
function linkProblems(changes: readonly DraftChange[], split: LaterChanges): DraftProblem[] {
  const problems: DraftProblem[] = [];
  for (const change of changes)
    for (const link of change.links ?? [])
      if (link.state === 'ended')
        problems.push({
          changeId: change.id,
          path: `fields.${link.field}`,
          message:
            link.note ??
            'The record this field waited for will not be created. Choose one that exists, or remove the change.',
        });
  if (changes.length > 0 && split.ready.length === 0 && problems.length === 0)
    problems.push({
      changeId: null,
      path: '',
      message:
        'Nothing in this draft can be sent yet: its changes wait for a new record to be approved at the service. PropDesk fills it in and says so when it is.',
    });
  return problems;
}

export function planSubmission({ draft, changes, contract, pending }: SubmissionInput): PlannedSubmission {
  const split = splitLater(changes);
  // A link's field holds no value until its record exists: the contract does not check it meanwhile.
  const problems = [
    ...checkChanges(draft.label, changes, contract, waitingFields),
    ...linkProblems(changes, split),
    ...checkOverlaps(changes, pending),
  ];
  const going = new Set(split.ready.map((c) => c.id));
  // The changes that go now are checked; a later change is checked when its part goes, except for a
  // field whose record will never come.
  const blocking = problems.filter(
    (p) =>
      p.changeId === null ||
      going.has(p.changeId) ||
      changes.some((c) => c.id === p.changeId && c.links?.some((l) => l.state === 'ended')),
  );
  return {
    ready: split.ready,
    later: split.later,
    plan: planOf(draft, split),
    sources: sourcesOf(split),
    problems,
    blocking,
  };
}
