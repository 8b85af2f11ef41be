// What may be drafted from the rows chosen on a list: on the Maintenance list, a status set on every
// chosen request at once ("Set status…"). The screen composing the list passes it in; lists not named
// here have no checkboxes.
import type { ChosenActions } from '../../collections/use-grid-choice';
import { SetStatusDialog } from '../set-status/set-status-dialog';

export const chosenActions: ChosenActions = (collection) =>
  collection === 'maintenance_requests'
    ? (chosen) => (
        <>
          <span className="muted" role="status">
            {chosen.ids.size ? `${chosen.ids.size.toLocaleString()} chosen` : ''}
          </span>
          {chosen.ids.size ? (
            <button type="button" className="btn" onClick={chosen.clear}>
              Clear
            </button>
          ) : null}
          <SetStatusDialog type="maintenance_request" ids={[...chosen.ids]} read={chosen.read} />
        </>
      )
    : null;
