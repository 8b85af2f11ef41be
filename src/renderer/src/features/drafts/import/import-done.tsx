// The end of a CSV import: how many changes were added, and which rows were left out and why.
import { plural } from '../../../../../shared/plural';
import { DialogActions } from '../../../ui/dialog-actions';

export function ImportDone({
  added,
  unchanged,
  unread,
  onClose,
}: {
  added: number;
  unchanged: number;
  unread: number;
  onClose: () => void;
}) {
  return (
    <div className="import-step">
      <p className="import-count ok" role="status">
        Added {plural(added, 'change')} to this draft. Nothing has been sent to the service.
      </p>
      {unchanged > 0 ? (
        <p className="muted">
          {plural(unchanged, 'row')} already matched the record{unchanged === 1 ? '' : 's'} and{' '}
          {unchanged === 1 ? 'was' : 'were'} left out.
        </p>
      ) : null}
      {unread > 0 ? (
        <p className="muted">
          {plural(unread, 'record')} could not be read now, so {unread === 1 ? 'its' : 'their'} current values
          are not shown; {unread === 1 ? 'it is' : 'they are'} checked again before submitting.
        </p>
      ) : null}
      <DialogActions>
        <button type="button" className="btn primary" onClick={onClose}>
          Done
        </button>
      </DialogActions>
    </div>
  );
}
