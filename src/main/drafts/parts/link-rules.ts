// Which links may be made, and which a typed value undoes. A link must name a create of the record
// type its field refers to, in the same draft, and no two changes may each wait for the record the
// other creates, however indirectly. A value typed into a linked field replaces the link.
import { referencedCollection } from '../../../shared/contract';
import type { ChangeLinkInput, DraftChange } from '../../../shared/drafts';
import { resourceNoun, resourceTypeOf } from '../../../shared/service';
import { UserError } from '../../base/user-error';
import type { DraftLink } from './links';

/** Throws, in words for the landlord, when the link may not be made among the draft's changes. */
export function checkLink(
  draftId: string,
  changes: readonly DraftChange[],
  links: readonly DraftLink[],
  { changeId, field, sourceChangeId }: ChangeLinkInput,
): void {
  const source = changes.find((c) => c.id === sourceChangeId);
  const target = changes.find((c) => c.id === changeId);
  const refers = referencedCollection(field);
  if (!source || !target) throw new UserError('not_found', 'That change is no longer in the draft.');
  if (source.operation !== 'create' || !refers || resourceTypeOf(refers) !== source.resourceType)
    throw new UserError(
      'invalid_link',
      `Only a new ${resourceNoun(source.resourceType)} of this draft can fill in “${field}”.`,
    );
  // The source must not itself wait, however indirectly, for the change linked to it.
  const waitsFor = (id: string, seen: Set<string>): boolean =>
    id === changeId ||
    links.some(
      (l) =>
        l.changeId === id &&
        l.sourceDraftId === draftId &&
        !seen.has(l.sourceChangeId) &&
        waitsFor(l.sourceChangeId, new Set([...seen, id])),
    );
  if (waitsFor(sourceChangeId, new Set()))
    throw new UserError('invalid_link', 'Two changes cannot each wait for the record the other creates.');
}

/** The fields of a change whose links the values about to be stored replace. */
export function replacedLinks(
  links: readonly DraftLink[],
  changeId: string,
  fields: Record<string, unknown>,
): string[] {
  return links
    .filter((link) => {
      if (link.changeId !== changeId) return false;
      const value = fields[link.field];
      const typed = value !== undefined && value !== null && value !== '';
      return typed && value !== link.recordId;
    })
    .map((link) => link.field);
}
