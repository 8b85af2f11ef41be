// Clones suggestions that were dismissed or expired (or a whole batch) into a new editable draft,
// from the values PropDesk itself sent. Suggestions made outside PropDesk have no known values and
// cannot be cloned.
import { draftChangeInputSchema } from '../../shared/drafts';
import type { DraftChangeInput } from '../../shared/drafts';
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

/** Returns the new draft's ID. */
export function redraft(
  repo: SuggestionsRepository,
  drafts: DraftCreator,
  connectionId: string,
  batchId: string,
  proposalIds?: readonly string[],
): string {
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
  return drafts.create(connectionId, redraftLabel(batch.label), changes);
}
