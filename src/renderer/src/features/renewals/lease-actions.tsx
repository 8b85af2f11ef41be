// What a lease offers on its page and in the Leases list's panel: its renewal, and the tenant's notice.
import { CalendarPlus, DoorOpen } from 'lucide-react';
import { NoticeDialog } from './notice-dialog';
import { RenewDialog } from './renew-dialog';

export function LeaseActions({ leaseId }: { leaseId: string }) {
  return (
    <>
      <RenewDialog
        leases={{ ids: [leaseId] }}
        title="Renew this lease"
        trigger={
          <button type="button" className="btn">
            <CalendarPlus size={14} aria-hidden /> Renew
          </button>
        }
      />
      <NoticeDialog
        leaseId={leaseId}
        trigger={
          <button type="button" className="btn">
            <DoorOpen size={14} aria-hidden /> Tenant gave notice
          </button>
        }
      />
    </>
  );
}
