// What may be drafted from the rows chosen on a list: on the Maintenance list, a status set on every
// chosen request at once ("Set status…"); on the Leases list, renewing the chosen leases. The screen
// composing the list passes it in; lists not named here have no checkboxes.
import type { ReactNode } from 'react';
import type { ChosenActions, ChosenRows } from '../../collections/use-grid-choice';
import { RenewChosen } from '../../renewals/renew-chosen';
import { SetStatusDialog } from '../set-status/set-status-dialog';

/** How many rows are chosen, a way to choose none, then what may be done with them. */
function Chosen({ chosen, children }: { chosen: ChosenRows; children: ReactNode }) {
  return (
    <>
      <span className="muted" role="status">
        {chosen.ids.size ? `${chosen.ids.size.toLocaleString()} chosen` : ''}
      </span>
      {chosen.ids.size ? (
        <button type="button" className="btn" onClick={chosen.clear}>
          Clear
        </button>
      ) : null}
      {children}
    </>
  );
}

export const chosenActions: ChosenActions = (collection) => {
  switch (collection) {
    case 'maintenance_requests':
      return (chosen) => (
        <Chosen chosen={chosen}>
          <SetStatusDialog type="maintenance_request" ids={[...chosen.ids]} read={chosen.read} />
        </Chosen>
      );
    case 'leases':
      return (chosen) => (
        <Chosen chosen={chosen}>
          <RenewChosen ids={[...chosen.ids]} />
        </Chosen>
      );
    default:
      return null;
  }
};
