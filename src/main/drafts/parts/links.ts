// What a stored link means: where it stands (drafted, waiting, choose, filled, ended), the type of
// record it waits for, and what the landlord should know; and a draft's changes with their links. A
// link is a field of a change that names the record another change creates (a new lease's tenant).
import { referencedCollection } from '../../../shared/contract';
import type { ChangeLink, DraftChange, LinkState } from '../../../shared/drafts';
import { RESOURCE_TYPES, resourceTypeOf } from '../../../shared/service';
import type { ResourceType } from '../../../shared/service';
import type { StoredLink } from '../../store/parts-repo';

/** A link with the draft and change whose field it is. */
export type DraftLink = ChangeLink & { draftId: string; changeId: string };

const isType = (v: unknown): v is ResourceType => (RESOURCE_TYPES as readonly unknown[]).includes(v);

function stateOf(stored: StoredLink): LinkState {
  if (stored.filledWith !== null) return 'filled';
  switch (stored.createdState) {
    case null:
      // Not sent yet: waits for a change of this draft, unless that change was removed.
      return stored.sourceDraftId === stored.draftId && stored.sourceType !== null ? 'drafted' : 'ended';
    case 'queued':
    case 'waiting':
    case 'found':
      return 'waiting';
    case 'choose':
      return 'choose';
    case 'ended':
      return 'ended';
  }
}

export function linkOf(stored: StoredLink): DraftLink {
  const fromField = referencedCollection(stored.field);
  const type = [stored.createdType, stored.sourceType, fromField && resourceTypeOf(fromField)].find(isType);
  const state = stateOf(stored);
  const gone = state === 'ended' && stored.createdState === null;
  return {
    draftId: stored.draftId,
    changeId: stored.changeId,
    field: stored.field,
    sourceDraftId: stored.sourceDraftId,
    sourceChangeId: stored.sourceChangeId,
    resourceType: type ?? 'tenant',
    state,
    recordId: stored.filledWith,
    candidates: stored.candidates,
    batchId: stored.batchId,
    note: gone ? 'The change that was to create this record is no longer there.' : stored.note,
  };
}

/** The draft's changes, each with the links of its fields. */
export function withLinks(changes: readonly DraftChange[], links: readonly DraftLink[]): DraftChange[] {
  if (links.length === 0) return [...changes];
  return changes.map((change) => {
    const own = links
      .filter((l) => l.changeId === change.id)
      .map(({ changeId: _c, draftId: _d, ...link }) => link);
    return own.length ? { ...change, links: own } : change;
  });
}
