// Drafting a repair from where the landlord stands: "New maintenance request" on a unit's or property's
// page makes a new draft in one call, with the unit (and its property) filled in and a report time of
// now, and opens it at the first field left to fill; on the Maintenance list the same, with property
// and unit left for the landlord to pick (the unit picker narrows to the property once it is picked).
// "New tenancy" is new-tenancy.tsx.
import { FilePlus2 } from 'lucide-react';
import { referencedCollection } from '../../../../../shared/contract';
import type { FieldDescriptor } from '../../../../../shared/contract';
import type { Collection, ServiceRecord } from '../../../../../shared/service';
import { errorMessage } from '../../../lib/call';
import { navigate } from '../../../router/use-route';
import { recordLabel } from '../../collections/record-label';
import { useContract } from '../../contract/use-contract-api';
import { requestFocus } from '../focus-request';
import { newChangeId } from '../new-change-id';
import { prefilledFrom, reportTimesNow } from './prefill';
import { useCreateDraft } from '../use-drafts-api';

/** The first field a person still has to fill in, to put the cursor there. */
function firstOpen(names: readonly string[], fields: Record<string, unknown>): string | undefined {
  return names.find((n) => fields[n] === undefined);
}

const createFields = (contract: ReturnType<typeof useContract>['contract']) =>
  contract?.resources.maintenance_request.createFields ?? [];

/**
 * The button, given how the new request starts: its fields (from the contract's create fields) and
 * the draft's name. Null where the contract takes no new maintenance request.
 */
function RepairButton({
  start,
}: {
  /** How the request starts, made at the click (its report time is then); null: not offered here. */
  start: (
    descriptors: readonly FieldDescriptor[],
  ) => { fields: Record<string, unknown>; label: string } | null;
}) {
  const { contract } = useContract();
  const creating = useCreateDraft();
  const descriptors = createFields(contract);
  if (descriptors.length === 0 || !start(descriptors)) return null;
  const draft = () => {
    const { fields, label } = start(descriptors)!;
    const change = {
      id: newChangeId(),
      operation: 'create' as const,
      resourceType: 'maintenance_request' as const,
      fields,
    };
    creating.mutate(
      { label, changes: [change] },
      {
        onSuccess: (created) => {
          requestFocus(
            change.id,
            firstOpen(
              descriptors.filter((d) => d.required).map((d) => d.name),
              fields,
            ),
          );
          navigate({ view: 'draft', id: created.id });
        },
      },
    );
  };
  return (
    <>
      <button type="button" className="btn" disabled={creating.isPending} onClick={draft}>
        <FilePlus2 size={13} aria-hidden /> New maintenance request
      </button>
      {creating.error ? <span className="field-error">{errorMessage(creating.error)}</span> : null}
    </>
  );
}

/** On a unit's or property's page: the request names that record (and the records it belongs to). */
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
  return (
    <RepairButton
      start={(descriptors) =>
        descriptors.some((d) => referencedCollection(d.name) === collection)
          ? {
              fields: prefilledFrom(descriptors, collection, record, new Date()),
              label: `Repair at ${name || recordLabel(collection, record, contract)}`,
            }
          : null
      }
    />
  );
}

/** On the Maintenance list: a request for any property and unit, reported now. */
export function NewRepairFromList() {
  return (
    <RepairButton
      start={(descriptors) => ({
        fields: reportTimesNow(descriptors, new Date()),
        label: 'New maintenance request',
      })}
    />
  );
}
