// What a list's details panel offers to draft for the record on show: a change of it, for a unit with
// no running lease (as the Vacancy board decides it) its new tenancy, and for a lease its renewal and
// the tenant's notice. The screen composing the list passes it in.
import type { ServiceRecord } from '../../../../../shared/service';
import type { RecordActions } from '../../collections/record-panel';
import { NewTenancyButton } from './new-tenancy';
import { SuggestChangeButton } from './suggest-change-button';
import { LeaseActions } from '../../renewals/lease-actions';
import { useUnitVacant } from '../use-drafts-api';

function TenancyIfVacant({ unit }: { unit: ServiceRecord }) {
  return useUnitVacant(unit.id) ? <NewTenancyButton record={unit} name="" /> : null;
}

export const panelActions: RecordActions = (collection, record) => (
  <>
    {collection === 'units' ? <TenancyIfVacant unit={record} /> : null}
    {collection === 'leases' ? <LeaseActions leaseId={record.id} /> : null}
    <SuggestChangeButton collection={collection} record={record} />
  </>
);
