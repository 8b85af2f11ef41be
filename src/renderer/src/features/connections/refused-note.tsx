// Said before drafting more of what the connection's key was refused: which record types, what the
// service needs, and what to do. It stays until a submission of that type is accepted or the key changes.
import type { ResourceType } from '../../../../shared/service';
import { Alert } from '../../ui/alert';
import { useRefusals } from './use-connections-api';
import { resourceNoun } from '../../../../shared/service';

const noun = (type: ResourceType) => resourceNoun(type, 2);

/** The active connection's refusals of these types (all when none are named), or the named connection's. */
export function RefusedNote({
  types,
  connectionId,
}: {
  types?: readonly ResourceType[];
  connectionId?: string;
}) {
  const refusals = useRefusals(types, connectionId);
  if (refusals.length === 0) return null;
  const nouns = refusals.map((r) => noun(r.resourceType)).join(', ');
  const scopes = refusals
    .map((r) => r.scope)
    .filter(Boolean)
    .join(', ');
  return (
    <Alert tone="warn" className="refused-note" label="Refused before">
      The service refused suggestions of {nouns} from this connection’s key
      {scopes ? ` (it needs the permission ${scopes})` : ''}. A draft of them will be refused again: ask an
      Admin to add the permission in the service’s web application (API &amp; Automation), or use a connection
      with a key that has it.
    </Alert>
  );
}
