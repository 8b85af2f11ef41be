// "Tenant gave notice" on a lease: the tenancy's new last day and, where the contract has them, the
// unit's status for notice and a new asking rent, drafted together as one batch in a new draft. What
// the contract cannot take is said beside the form, never silently left out.
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import type { NoticePlan } from '../../../../shared/notice';
import { errorMessage } from '../../lib/call';
import { formatMoney } from '../../lib/format-money';
import { Alert } from '../../ui/alert';
import { DialogActions } from '../../ui/dialog-actions';
import '../../styles/renewals.css';
import { useDraftNotice, useNoticePlan } from './use-renewals-api';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function NoticeForm({ plan, onDone }: { plan: NoticePlan; onDone: () => void }) {
  const [end, setEnd] = useState(plan.ends ?? '');
  const [status, setStatus] = useState(plan.unitStatus !== null);
  const [asking, setAsking] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const draft = useDraftNotice();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!DAY.test(end)) return setProblem('Give the tenancy’s new last day.');
    const rent = asking.trim() === '' ? undefined : Number(asking);
    if (rent !== undefined && (!Number.isFinite(rent) || rent < 0))
      return setProblem('The asking rent must be a number, 0 or more, or left empty.');
    setProblem(null);
    draft.mutate(
      {
        leaseId: plan.leaseId,
        endDate: end,
        unitStatus: status,
        ...(rent !== undefined ? { askingRent: rent } : {}),
        label: 'Tenant gave notice',
      },
      { onSuccess: onDone },
    );
  };
  const error = problem ?? (draft.isError ? errorMessage(draft.error) : null);
  return (
    <form className="form" onSubmit={submit}>
      <label className="field">
        <span>{plan.endField.label}: the tenancy’s last day</span>
        <input className="input" type="date" value={end} autoFocus onChange={(e) => setEnd(e.target.value)} />
      </label>
      {plan.unitStatus ? (
        <label className="rn-check">
          <input type="checkbox" checked={status} onChange={(e) => setStatus(e.target.checked)} />
          Set the unit’s {plan.unitStatus.label.toLowerCase()} to “{plan.unitStatus.value}”
          {plan.unitStatus.now ? <span className="muted">(now “{plan.unitStatus.now}”)</span> : null}
        </label>
      ) : null}
      {plan.askingRent ? (
        <label className="field">
          <span>
            New {plan.askingRent.label.toLowerCase()} ({plan.currency}), optional
            {plan.askingRent.now !== null ? (
              <span className="muted"> · now {formatMoney(plan.askingRent.now, plan.currency)}</span>
            ) : null}
          </span>
          <input
            className="input"
            inputMode="decimal"
            value={asking}
            onChange={(e) => setAsking(e.target.value)}
          />
        </label>
      ) : null}
      {plan.notes.map((n) => (
        <p key={n} className="muted">
          {n}
        </p>
      ))}
      {error ? <Alert>{error}</Alert> : null}
      <DialogActions cancel="Cancel">
        <button type="submit" className="btn primary" disabled={draft.isPending}>
          Draft the notice
        </button>
      </DialogActions>
    </form>
  );
}

export function NoticeDialog({ leaseId, trigger }: { leaseId: string; trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  const plan = useNoticePlan(leaseId, open);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog" aria-describedby={undefined}>
          <Dialog.Title>Tenant gave notice</Dialog.Title>
          {plan.isPending ? <p className="muted">Reading the lease…</p> : null}
          {plan.isError ? (
            <>
              <Alert>{errorMessage(plan.error)}</Alert>
              <DialogActions cancel="Close">{null}</DialogActions>
            </>
          ) : null}
          {plan.data ? (
            <NoticeForm key={plan.dataUpdatedAt} plan={plan.data} onDone={() => setOpen(false)} />
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
