// Drafting a repair from where the landlord stands: "New maintenance request" on a unit's or property's
// page makes a new draft in one call, with the unit (and its property) filled in and a report time of
// now, and opens it at the first field left to fill. "New tenancy" is new-tenancy.tsx.
import { FilePlus2 } from 'lucide-react';
import { referencedCollection } from '../../../../shared/contract';
import type { Collection, ServiceRecord } from '../../../../shared/service';
import { errorMessage } from '../../lib/call';
import { navigate } from '../../router/use-route';
import { recordLabel } from '../collections/record-label';
import { useContract } from '../contract/use-contract-api';
import { requestFocus } from './focus-request';
import { newChangeId } from './new-change-id';
import { prefilledFrom } from './prefill';
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
