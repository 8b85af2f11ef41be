// "New tenancy" for a unit, wherever the unit is seen: its page, a Vacancy row, the Units list's panel.
// It drafts the tenant and the lease together in one call, the lease's unit (and property) filled in and
// its tenant linked to that new tenant, and opens the draft at the tenant's first field. PropDesk sends
// them in two parts (the service gives the tenant an ID only once a person approves it).
import { UserPlus } from 'lucide-react';
import { referencedCollection } from '../../../../../shared/contract';
import type { ServiceRecord } from '../../../../../shared/service';
import { errorMessage } from '../../../lib/call';
import { navigate } from '../../../router/use-route';
import { recordLabel } from '../../collections/record-label';
import { useReadRecord } from '../../collections/use-collections-api';
import { useContract } from '../../contract/use-contract-api';
import { RefusedNote } from '../../connections/refused-note';
import { requestFocus } from '../focus-request';
import { newChangeId } from '../new-change-id';
import { prefilledFrom } from './prefill';
import { useCreateDraft } from '../use-drafts-api';

/** Starting a new tenancy: null when the contract cannot hold one (no tenant link on a lease, say). */
function useNewTenancy() {
  const { contract } = useContract();
  const creating = useCreateDraft();
  const lease = contract?.resources.lease.createFields ?? [];
  const tenant = contract?.resources.tenant.createFields ?? [];
  const tenantField = lease.find((d) => referencedCollection(d.name) === 'tenants')?.name;
  if (!tenantField || !lease.some((d) => referencedCollection(d.name) === 'units') || tenant.length === 0)
    return null;
  const start = (unit: ServiceRecord, name: string) => {
    const tenantChange = {
      id: newChangeId(),
      operation: 'create' as const,
      resourceType: 'tenant' as const,
      fields: {},
    };
    const leaseFields = prefilledFrom(lease, 'units', unit, new Date());
    delete leaseFields[tenantField];
    const leaseChange = {
      id: newChangeId(),
      operation: 'create' as const,
      resourceType: 'lease' as const,
      fields: leaseFields,
    };
    creating.mutate(
      {
        label: `New tenancy at ${name || recordLabel('units', unit, contract)}`,
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
  return { start, creating };
}

function TenancyButton({
  disabled,
  onClick,
  problem,
  name,
}: {
  disabled: boolean;
  onClick: () => void;
  problem: unknown;
  /**
   * The unit, for a button that sits among other units' (a row of a table): it names the unit to a
   * screen reader, and leaves a key's refused permission to the draft rather than repeat it on every row.
   */
  name?: string;
}) {
  return (
    <>
      <button
        type="button"
        className="btn"
        disabled={disabled}
        onClick={onClick}
        {...(name ? { 'aria-label': `New tenancy at ${name}` } : {})}
      >
        <UserPlus size={13} aria-hidden /> New tenancy
      </button>
      {name ? null : <RefusedNote types={['tenant', 'lease']} />}
      {problem ? <span className="field-error">{errorMessage(problem)}</span> : null}
    </>
  );
}

/** On a unit's page or panel, where the unit is already read. */
export function NewTenancyButton({ record, name }: { record: ServiceRecord; name: string }) {
  const tenancy = useNewTenancy();
  if (!tenancy) return null;
  return (
    <TenancyButton
      disabled={tenancy.creating.isPending}
      onClick={() => tenancy.start(record, name)}
      problem={tenancy.creating.error}
    />
  );
}

/** Where only the unit's ID is at hand (a Vacancy row): the unit is read from the service on the click. */
export function NewTenancyForUnit({ unitId, name }: { unitId: string; name: string }) {
  const tenancy = useNewTenancy();
  const reading = useReadRecord();
  if (!tenancy) return null;
  return (
    <TenancyButton
      name={name}
      disabled={reading.isPending || tenancy.creating.isPending}
      onClick={() =>
        reading.mutate(
          { collection: 'units', id: unitId },
          { onSuccess: ({ record }) => tenancy.start(record, name) },
        )
      }
      problem={reading.error ?? tenancy.creating.error}
    />
  );
}
