// What a list's details panel offers to draft for the record on show: a change of it, and for a unit
// whose status says it stands empty, its new tenancy. The screen composing the list passes it in.
import type { RecordActions } from '../collections/record-panel';
import { NewTenancyButton, unitLooksVacant } from './new-tenancy';
import { SuggestChangeButton } from './suggest-change-button';

export const panelActions: RecordActions = (collection, record) => (
  <>
    {collection === 'units' && unitLooksVacant(record) ? <NewTenancyButton record={record} name="" /> : null}
    <SuggestChangeButton collection={collection} record={record} />
  </>
);
