// "Renew" for one lease or the leases chosen on a list: the rule for the new rent and the term first,
// then a preview of every new lease (tenant, unit and deposit carried over, starting the day after
// the old end) editable row by row, then one draft of them all. A lease whose tenant or unit changed
// at the service since is shown again as the service has it, and nothing is drafted until it is seen.
import { Dialog } from 'radix-ui';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import type { RenewalEdit, RenewalPreview, RenewalQuery } from '../../../../shared/renewals';
import { errorMessage } from '../../lib/call';
import { Alert } from '../../ui/alert';
import { DialogActions } from '../../ui/dialog-actions';
import { useCurrency } from '../connections/use-currency';
import '../../styles/renewals.css';
import { EMPTY_RULE, RenewalRule, ruleQuery } from './renewal-rule';
import type { RuleForm } from './renewal-rule';
import { editOf, RenewalRows, renewalEdit } from './renewal-rows';
import type { RowEdit } from './renewal-rows';
import { useDraftRenewals, useRenewalPreview } from './use-renewals-api';

interface Shown {
  query: RenewalQuery;
  preview: RenewalPreview;
  edits: Record<string, RowEdit>;
  changed: Map<string, string>;
}

const shownOf = (
  query: RenewalQuery,
  preview: RenewalPreview,
  changed = new Map<string, string>(),
): Shown => ({
  query,
  preview,
  changed,
  edits: Object.fromEntries(
    preview.rows.filter((r) => r.skipped === null).map((r) => [r.leaseId, editOf(r)]),
  ),
});

/** The renewals as edited, or the first row's problem. */
function editsOf(shown: Shown): RenewalEdit[] | string {
  const out: RenewalEdit[] = [];
  for (const row of shown.preview.rows) {
    const edit = shown.edits[row.leaseId];
    if (!edit) continue;
    const made = renewalEdit(row, edit);
    if (typeof made === 'string') return made;
    out.push(made);
  }
  return out.length ? out : 'No lease is left to renew.';
}

function useRenewal(leases: RenewalQuery['leases']) {
  const [form, setForm] = useState<RuleForm>(EMPTY_RULE);
  const [shown, setShown] = useState<Shown | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useRenewalPreview();
  const draft = useDraftRenewals();
  const reset = () => {
    setForm(EMPTY_RULE);
    setShown(null);
    setProblem(null);
    preview.reset();
    draft.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!shown) {
      const query = ruleQuery(form, leases);
      if (typeof query === 'string') return setProblem(query);
      return preview.mutate(query, { onSuccess: (p) => setShown(shownOf(query, p)) });
    }
    const rows = editsOf(shown);
    if (typeof rows === 'string') return setProblem(rows);
    const n = rows.length;
    draft.mutate(
      { query: shown.query, label: `Renewals of ${n} lease${n === 1 ? '' : 's'}`, rows },
      {
        onSuccess: (answer) => {
          if (answer.outcome === 'changed')
            setShown(
              shownOf(shown.query, answer.preview, new Map(answer.changed.map((c) => [c.leaseId, c.reason]))),
            );
        },
      },
    );
  };
  const error =
    problem ??
    (preview.isError ? errorMessage(preview.error) : draft.isError ? errorMessage(draft.error) : null);
  return { form, setForm, shown, setShown, submit, reset, error, busy: preview.isPending || draft.isPending };
}

export function RenewDialog({
  leases,
  title,
  trigger,
}: {
  /** The leases chosen, or a Leases list's filters. */
  leases: RenewalQuery['leases'];
  title: string;
  trigger: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const currency = useCurrency();
  const r = useRenewal(leases);
  const count = r.shown ? Object.keys(r.shown.edits).length : 0;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) r.reset();
      }}
    >
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog rn-dialog" aria-describedby={undefined}>
          <Dialog.Title>{title}</Dialog.Title>
          <form className="form" onSubmit={r.submit}>
            {r.shown ? (
              <>
                <RenewalRows
                  rows={r.shown.preview.rows}
                  edits={r.shown.edits}
                  currency={r.shown.preview.currency}
                  changed={r.shown.changed}
                  onEdit={(id, edit) => r.setShown({ ...r.shown!, edits: { ...r.shown!.edits, [id]: edit } })}
                />
                {r.shown.changed.size ? (
                  <Alert>
                    {r.shown.changed.size === 1 ? 'A lease' : `${r.shown.changed.size} leases`} changed at the
                    service since the list was read; the rows now show what the service has. Check them and
                    draft again.
                  </Alert>
                ) : null}
                <ul className="muted rn-writes">
                  {r.shown.preview.writes.map((w) => (
                    <li key={w}>{w}</li>
                  ))}
                </ul>
              </>
            ) : (
              <RenewalRule form={r.form} currency={currency} set={r.setForm} />
            )}
            {r.error ? <Alert>{r.error}</Alert> : null}
            <DialogActions cancel="Cancel">
              {r.shown ? (
                <button type="button" className="btn" onClick={() => r.setShown(null)}>
                  <RefreshCw size={14} aria-hidden /> Change the rule
                </button>
              ) : null}
              <button
                type="submit"
                className="btn primary"
                disabled={r.busy || (r.shown !== null && count === 0)}
              >
                {r.shown
                  ? `Draft ${count.toLocaleString()} renewal${count === 1 ? '' : 's'}`
                  : r.busy
                    ? 'Reading the leases…'
                    : 'Preview renewals'}
              </button>
            </DialogActions>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
