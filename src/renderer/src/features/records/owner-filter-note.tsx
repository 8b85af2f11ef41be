// Said above the Documents list when it is filtered by the record documents are attached to: the
// service's filter counts only documents attached to that record itself, so a building's list leaves
// out its units', leases' and tenants' documents; the record's page counts all of them.
import { Info } from 'lucide-react';
import { isResourceType, RESOURCE_COLLECTION } from '../../../../shared/service';
import { OWNER_TYPE_OF } from '../../../../shared/related-records';
import { formatRoute } from '../../router/routes';
import { RefName } from '../../labels/ref-name';
import { useLabels } from '../../labels/use-labels-api';
import '../../styles/records.css';

export function OwnerFilterNote({ filters }: { filters: Record<string, string> }) {
  const type = filters.entity_type;
  const id = filters.entity_id;
  const collection = isResourceType(type) ? RESOURCE_COLLECTION[type] : undefined;
  const owned = collection && OWNER_TYPE_OF[collection] ? collection : undefined;
  const labels = useLabels(owned && id ? [{ collection: owned, id }] : []);
  if (!owned || !id) return null;
  const wider =
    owned === 'properties'
      ? ' Its page counts all of them: its own and its units’, leases’ and tenants’.'
      : ' Its page lists them with the rest of its records.';
  return (
    <p className="owner-note" role="note">
      <Info size={14} aria-hidden />
      <span>
        This list counts only documents attached directly to <RefName view={labels(owned, id)} />.{wider}{' '}
        <a href={formatRoute({ view: 'record', collection: owned, id })}>Open its page</a>
      </span>
    </p>
  );
}
