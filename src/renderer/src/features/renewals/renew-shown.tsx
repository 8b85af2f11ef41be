// "Renew these leases" on a Leases list narrowed by the service's own lease filters: the renewal reads
// every lease those filters select, as the list does. A list narrowed otherwise, or not at all, offers
// none (renewing every lease of an organisation at once is not a landlord's step).
import { CalendarPlus } from 'lucide-react';
import { RenewDialog } from './renew-dialog';

const SERVICE_FILTERS = ['status', 'end_date', 'unit_id', 'tenant_id'] as const;

export function RenewShown({ query }: { query: Record<string, string> }) {
  const keys = Object.keys(query);
  if (keys.length === 0 || !keys.every((k) => (SERVICE_FILTERS as readonly string[]).includes(k)))
    return null;
  return (
    <RenewDialog
      leases={{ filters: query as Partial<Record<(typeof SERVICE_FILTERS)[number], string>> }}
      title="Renew the leases shown"
      trigger={
        <button type="button" className="btn">
          <CalendarPlus size={14} aria-hidden /> Renew these leases
        </button>
      }
    />
  );
}
