// "Renew chosen leases" on the Leases list: the leases chosen with the list's checkboxes (Shift-click
// for a run, Ctrl-click for one) open the same renewal as Expirations' chosen leases, its rule and
// then its preview of every new lease, editable before one draft is made.
import { CalendarPlus } from 'lucide-react';
import { MAX_RENEWALS } from '../../../../shared/renewals';
import { RenewDialog } from './renew-dialog';

export function RenewChosen({ ids }: { ids: readonly string[] }) {
  const n = ids.length;
  const many = n > MAX_RENEWALS;
  return (
    <RenewDialog
      leases={{ ids: [...ids] }}
      title={`Renew ${n.toLocaleString()} lease${n === 1 ? '' : 's'}`}
      trigger={
        <button
          type="button"
          className="btn"
          disabled={n === 0 || many}
          title={
            many
              ? `At most ${MAX_RENEWALS.toLocaleString()} leases are renewed at once: choose fewer.`
              : n === 0
                ? 'Choose leases with their checkboxes; Shift-click chooses every row up to the one clicked.'
                : undefined
          }
        >
          <CalendarPlus size={14} aria-hidden /> Renew {n ? n.toLocaleString() : 'chosen'} lease
          {n === 1 ? '' : 's'}
        </button>
      }
    />
  );
}
