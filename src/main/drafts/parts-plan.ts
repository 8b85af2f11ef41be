// A draft whose changes cannot all go at once (draft-parts.ts) is submitted in parts: this plans the
// part that goes now (which changes, its label for the reviewer, where the held ones go) and reads,
// before anything is sent, which records of each awaited type already carry the suggested values, so
// the new one can be told apart once a person approves it.
import type { DraftChange } from '../../shared/drafts';
import type { ServiceClient } from '../connections/types';
import type { AwaitedInput } from '../store/change-links-repo';
import type { DraftRow } from '../store/draft-repo';
import type { SubmissionPlan } from '../store/outbox-repo';
import { effectiveFields } from './draft-checks';
import type { DraftParts } from './draft-parts';
import { recordsCarrying } from './record-match';

const PART_SUFFIX = / — part \d+ of \d+$/;
const MAX_LABEL = 200;

function partLabel(base: string, part: number, parts: number): string {
  const suffix = ` — part ${part} of ${parts}`;
  return `${base.slice(0, MAX_LABEL - suffix.length).trimEnd()}${suffix}`;
}

/** The plan of a draft with held changes; null when every change goes now. */
export function planOf(row: DraftRow, parts: DraftParts): SubmissionPlan | null {
  if (parts.held.length === 0) return null;
  const part = row.reviewGroup?.part ?? 1;
  const total = part + parts.later;
  const base = row.label.replace(PART_SUFFIX, '');
  return {
    sent: parts.ready.map((c) => c.id),
    held: parts.held.map((c) => c.id),
    group: { id: row.reviewGroup?.id ?? row.id, part, parts: total },
    label: partLabel(base, part, total),
    heldLabel: partLabel(base, part + 1, total),
  };
}

/** The changes going now that held changes wait for. */
export function awaitedSources(parts: DraftParts): DraftChange[] {
  const wanted = new Set(
    parts.held.flatMap((c) =>
      (c.links ?? []).filter((l) => l.state === 'drafted').map((l) => l.sourceChangeId),
    ),
  );
  return parts.ready.filter((c) => wanted.has(c.id) && c.operation === 'create');
}

/**
 * What each awaited change suggests, with the records that carry those values now (null where they
 * could not be read: the landlord then confirms which record is the new one).
 */
export async function awaitedInputs(
  client: Pick<ServiceClient, 'list' | 'host'>,
  sources: readonly DraftChange[],
): Promise<AwaitedInput[]> {
  return Promise.all(
    sources.map(async (c) => {
      const fields = effectiveFields(c);
      const beforeIds = await recordsCarrying(client, c.resourceType, fields).catch(() => null);
      return { changeId: c.id, resourceType: c.resourceType, fields, beforeIds };
    }),
  );
}
