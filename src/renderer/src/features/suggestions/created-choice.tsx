// The choice of the record an applied create made, when the service did not say which and several
// records carry the suggested values: each is offered by its label, and the landlord picks the one.
import { RESOURCE_COLLECTION, isResourceType } from '../../../../shared/service/collections';
import type { TrackedProposal } from '../../../../shared/suggestions';
import { RefName } from '../../labels/ref-name';
import { useLabels } from '../../labels/use-labels-api';
import { useChooseCreated } from './use-suggestions-api';

export function CreatedChoice({ proposal }: { proposal: TrackedProposal }) {
  const candidates = proposal.resourceId ? [] : (proposal.live?.candidates ?? []);
  const collection = isResourceType(proposal.resourceType)
    ? RESOURCE_COLLECTION[proposal.resourceType]
    : null;
  const labels = useLabels(collection ? candidates.map((id) => ({ collection, id })) : []);
  const choose = useChooseCreated();
  if (!collection || candidates.length === 0) return null;
  return (
    <div className="suggestions-created-choice" role="group" aria-label="The record it created">
      {candidates.map((id) => {
        const view = labels(collection, id);
        return (
          <button
            key={id}
            type="button"
            className="btn"
            disabled={choose.isPending}
            title="PropDesk then names this record as the one the suggestion created"
            aria-label={`This is the one it created: ${view.text}`}
            onClick={() => choose.mutate({ proposalId: proposal.id, recordId: id })}
          >
            This one: <RefName view={view} />
          </button>
        );
      })}
      {choose.error ? <p role="alert">Couldn’t take the choice: {choose.error.message}</p> : null}
    </div>
  );
}
