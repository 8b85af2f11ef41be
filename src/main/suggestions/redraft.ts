// Clones suggestions that were dismissed or expired (or a whole batch) into a new editable draft,
// from the values PropDesk itself sent, with each updated record read again now so the new draft
// shows its current values (a record that can't be read now is drafted without them, as offline).
// Suggestions made outside PropDesk have no known values and cannot be cloned.
import { draftChangeInputSchema } from '../../shared/drafts';
import type { CurrentRead, DraftChangeInput } from '../../shared/drafts';
import type { RecordTarget } from '../drafts/current-records';
import type { TrackedProposal } from '../../shared/suggestions';
import type { SuggestionsRepository } from '../store/suggestions-repo';
import { UserError } from '../base/user-error';

export interface DraftCreator {
  create(connectionId: string, label: string, changes: readonly DraftChangeInput[]): string;
}

const MAX_LABEL = 200;

export function redraftLabel(label: string | null): string {
  const base = label?.trim() ? label.trim() : 'Suggestions';
  const text = `${base} (again)`;
  return text.length <= MAX_LABEL ? text : `${base.slice(0, MAX_LABEL - 9).trimEnd()}… (again)`;
}

function changeOf(p: TrackedProposal): DraftChangeInput | undefined {
  if (!p.fields) return undefined;
  const parsed = draftChangeInputSchema.safeParse(
    p.operation === 'update'
      ? { operation: 'update', resourceType: p.resourceType, resourceId: p.resourceId, fields: p.fields }
      : { operation: p.operation, resourceType: p.resourceType, fields: p.fields },
  );
  return parsed.success ? parsed.data : undefined;
}

/** Reads the records updates name, now (one answer per target, in order). */
export type ReadNow = (targets: readonly RecordTarget[]) => Promise<CurrentRead[]>;

/** Each update with the record as read now, where it could be read. */
async function withCurrent(changes: DraftChangeInput[], read: ReadNow): Promise<DraftChangeInput[]> {
  const updates = changes.flatMap((c) => (c.operation === 'update' ? [c] : []));
  const reads = await read(updates.map((c) => ({ resourceType: c.resourceType, resourceId: c.resourceId })));
  const now = new Map<DraftChangeInput, CurrentRead | undefined>(updates.map((c, i) => [c, reads[i]]));
  return changes.map((c) => {
    const got = now.get(c);
    return c.operation === 'update' && got?.state === 'read' ? { ...c, snapshot: got.record } : c;
  });
}

/** Returns the new draft's ID. */
export async function redraft(
  repo: SuggestionsRepository,
  drafts: DraftCreator,
  connectionId: string,
  batchId: string,
  read: ReadNow,
  proposalIds?: readonly string[],
): Promise<string> {
  const batch = repo.batch(connectionId, batchId);
  if (!batch)
    throw new UserError('not_found', 'That batch of suggestions is not tracked for this connection.');
  const proposals = repo.proposalsOf(connectionId, batchId);
  let chosen = proposals;
  if (proposalIds) {
    const byId = new Map(proposals.map((p) => [p.id, p]));
    chosen = [...new Set(proposalIds)].map((id) => {
      const p = byId.get(id);
      if (!p) throw new UserError('not_found', 'One of those suggestions is not part of this batch.');
      if (p.status !== 'dismissed' && p.status !== 'expired') {
        throw new UserError(
          'not_redraftable',
          `Only dismissed or expired suggestions can be drafted again one by one; “${p.summary}” is ${p.status === 'proposed' ? 'still waiting for review' : 'already applied'}.`,
        );
      }
      return p;
    });
  }
  const changes = chosen.map(changeOf).filter((c): c is DraftChangeInput => c !== undefined);
  if (changes.length === 0) {
    throw new UserError(
      'nothing_to_redraft',
      batch.origin === 'external'
        ? 'These suggestions were made outside PropDesk, so PropDesk does not know the values they asked for and cannot draft them again.'
        : 'PropDesk does not have the values these suggestions asked for, so it cannot draft them again.',
    );
  }
  return drafts.create(connectionId, redraftLabel(batch.label), await withCurrent(changes, read));
}
