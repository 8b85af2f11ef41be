// Drafting from where the landlord stands: "New maintenance request" on a unit's or property's page,
// and "New tenancy" on a unit's. Each makes a new draft in one call, with the unit (and its property)
// filled in and a report time of now, and opens it at the first field left to fill. A new tenancy
// drafts the tenant and the lease together, the lease's tenant linked to that new tenant: PropDesk
// sends them in two parts (the service gives the tenant an ID only once a person approves it).
import { FilePlus2, UserPlus } from 'lucide-react';
import { referencedCollection } from '../../../../shared/contract';
import type { Collection, ServiceRecord } from '../../../../shared/service';
import { errorMessage } from '../../lib/call';
import { navigate } from '../../router/use-route';
import { recordLabel } from '../collections/record-label';
import { useContract } from '../contract/use-contract-api';
import { requestFocus } from './focus-request';
import { newChangeId } from './new-change-id';
import { prefilledFrom } from './prefill';
import { RefusedNote } from '../connections/refused-note';
import { useCreateDraft } from './use-drafts-api';

/** The first field a person still has to fill in, to put the cursor there. */
function firstOpen(names: readonly string[], fields: Record<string, unknown>): string | undefined {
  return names.find((n) => fields[n] === undefined);
}

export function NewRepairButton({
  collection,
  record,
  name,
}: {
  collection: Collection;
  record: ServiceRecord;
  /** The record's name as its page shows it ("Cedar Commons · 3B"), for the draft's name. */
  name: string;
}) {
  const { contract } = useContract();
  const creating = useCreateDraft();
  const descriptors = contract?.resources.maintenance_request.createFields ?? [];
  if (!descriptors.some((d) => referencedCollection(d.name) === collection)) return null;
  const start = () => {
    const fields = prefilledFrom(descriptors, collection, record, new Date());
    const change = {
      id: newChangeId(),
      operation: 'create' as const,
      resourceType: 'maintenance_request' as const,
      fields,
    };
    creating.mutate(
      { label: `Repair at ${name || recordLabel(collection, record, contract)}`, changes: [change] },
      {
        onSuccess: (draft) => {
          requestFocus(
            change.id,
            firstOpen(
              descriptors.filter((d) => d.required).map((d) => d.name),
              fields,
            ),
          );
          navigate({ view: 'draft', id: draft.id });
        },
      },
    );
  };
  return (
    <>
      <button type="button" className="btn" disabled={creating.isPending} onClick={start}>
        <FilePlus2 size={13} aria-hidden /> New maintenance request
      </button>
      {creating.error ? <span className="field-error">{errorMessage(creating.error)}</span> : null}
    </>
  );
}

export function NewTenancyButton({ record, name }: { record: ServiceRecord; name: string }) {
  const { contract } = useContract();
  const creating = useCreateDraft();
  const lease = contract?.resources.lease.createFields ?? [];
  const tenant = contract?.resources.tenant.createFields ?? [];
  const tenantField = lease.find((d) => referencedCollection(d.name) === 'tenants')?.name;
  if (!tenantField || !lease.some((d) => referencedCollection(d.name) === 'units') || tenant.length === 0)
    return null;
  const start = () => {
    const tenantChange = {
      id: newChangeId(),
      operation: 'create' as const,
      resourceType: 'tenant' as const,
      fields: {},
    };
    const leaseFields = prefilledFrom(lease, 'units', record, new Date());
    delete leaseFields[tenantField];
    const leaseChange = {
      id: newChangeId(),
      operation: 'create' as const,
      resourceType: 'lease' as const,
      fields: leaseFields,
    };
    creating.mutate(
      {
        label: `New tenancy at ${name || recordLabel('units', record, contract)}`,
        changes: [tenantChange, leaseChange],
        links: [{ changeId: leaseChange.id, field: tenantField, sourceChangeId: tenantChange.id }],
      },
      {
        onSuccess: (draft) => {
          requestFocus(tenantChange.id, tenant.find((d) => d.required)?.name);
          navigate({ view: 'draft', id: draft.id });
        },
      },
    );
  };
  return (
    <>
      <button type="button" className="btn" disabled={creating.isPending} onClick={start}>
        <UserPlus size={13} aria-hidden /> New tenancy
      </button>
      <RefusedNote types={['tenant', 'lease']} />
      {creating.error ? <span className="field-error">{errorMessage(creating.error)}</span> : null}
    </>
  );
}
