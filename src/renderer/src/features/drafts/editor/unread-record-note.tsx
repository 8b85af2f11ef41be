// The note on an update whose record could not be read when it was drafted: why, in words that are
// true now (this computer offline, or online and the service not answering), and what that means.
import { useConnectivity } from '../../connections/use-connections-api';

/** Why the record went unread: "offline?" only while this computer has no network. */
export function unreadReason(computerOnline: boolean | undefined): string {
  return computerOnline === false ? 'you may have been offline' : 'the service could not be reached';
}

export function UnreadRecordNote() {
  const computerOnline = useConnectivity().data?.computerOnline;
  return (
    <p className="note">
      The record could not be read when this change was drafted ({unreadReason(computerOnline)}), so its
      current values are not shown. Only the fields you fill in are suggested; the record is checked again
      before submitting.
    </p>
  );
}
