// Which drafts the editor shows as a table: updates of one kind of record that all suggest the same
// single field (a rent review, a CSV import of one column). Any other draft keeps its cards.
import type { DraftChange } from '../../../../../shared/drafts';
import type { ResourceType } from '../../../../../shared/service';

export interface OneFieldDraft {
  resourceType: ResourceType;
  field: string;
}

/** Fewer changes than this read as well as cards. */
export const TABLE_FROM = 2;

export function oneFieldDraft(changes: readonly DraftChange[]): OneFieldDraft | null {
  if (changes.length < TABLE_FROM) return null;
  const first = changes[0]!;
  let field: string | undefined;
  for (const change of changes) {
    if (change.operation !== 'update' || change.resourceType !== first.resourceType) return null;
    const names = Object.keys(change.fields);
    // A row put back to its current value suggests nothing for now: it stays a row of the table.
    if (names.length > 1) return null;
    if (names.length === 1) {
      if (field !== undefined && names[0] !== field) return null;
      field = names[0];
    }
  }
  return field === undefined ? null : { resourceType: first.resourceType, field };
}
