// The bulk rent review screen (#/rent-review): settings on top, then a preview of every lease old →
// new with totals; creating it makes drafts of update suggestions (at most 200 per draft) to review.
import { Alert } from '../../ui/alert';
import { TrendingUp } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../lib/call';
import { formatRoute } from '../../router/routes';
import { formatMoney } from '../../lib/format-money';
import { useContract } from '../contract/use-contract-api';
import { useCurrency } from '../connections/use-currency';
import { rentReviewFields } from './rent-review-fields';
import { RentReviewForm } from './rent-review-form';
import { defaultLabel } from './rent-review-query';
import { RentReviewResults } from './rent-review-results';
import { useRentReviewPreview } from './use-rent-review-api';
import { useRentReviewForm } from './use-rent-review-form';
import '../../styles/rent-review.css';
import { EmptyState } from '../../ui/empty-state';

function useElapsed(since: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === undefined) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [since]);
  return since === undefined ? 0 : Math.max(0, Math.floor((now - since) / 1000));
}

export function RentReviewView({ leases }: { leases?: string[] } = {}) {
  // Leases chosen elsewhere (lease expirations): review any status, and show only those.
  const chosen = useMemo(() => (leases?.length ? new Set(leases) : undefined), [leases]);
  const { contract, error } = useContract();
  const fields = useMemo(() => rentReviewFields(contract), [contract]);
  const { state, start, cancel } = useRentReviewPreview();
  const { form, problems, edit, preview, settingsKey } = useRentReviewForm(fields, Boolean(chosen), start);
  const elapsed = useElapsed(state.phase === 'loading' ? state.startedAt : undefined);

  // Labels and money follow the settings that were previewed, not ones edited since.
  const shown = state.phase === 'done' ? state.query : undefined;
  const rent = fields.rentFields.find((f) => f.name === (shown?.rentField ?? form.rentField));
  const market = fields.marketFields.find((f) => f.name === (shown ? shown.marketField : form.marketField));
  // A preview's amounts are in currency units of the connection's currency, whatever unit the
  // contract keeps rents in, so they are formatted in that currency.
  const previewed = state.phase === 'done' ? state.preview.currency : undefined;
  const connection = useCurrency();
  const money = useMemo(() => {
    if (previewed) return (n: number | null) => (n === null ? '—' : formatMoney(n, previewed));
    // Before a preview, amounts typed in the form are in currency units of the connection's currency.
    return (n: number | null) => (n === null ? '—' : formatMoney(n, connection));
  }, [previewed, connection]);

  return (
    <>
      <header className="toolbar">
        <h1 className="rr-title">Bulk rent review</h1>
        <span className="muted rr-subtitle">
          Suggest new rents for many leases at once, as drafts you review before sending.
        </span>
        <span className="spacer" />
        <a className="btn rr-all-drafts" href={formatRoute({ view: 'drafts' })}>
          All drafts
        </a>
      </header>
      <div className="page rr-page">
        {!contract ? (
          <div className={error ? 'alert' : 'muted'} role={error ? 'alert' : 'status'}>
            {error
              ? `The service’s description of its fields could not be read, so a review can’t be set up: ${errorMessage(error)}`
              : 'Reading the service’s description of its fields…'}
          </div>
        ) : fields.rentFields.length === 0 ? (
          <Alert>
            The service’s contract lists no number field that can be suggested on a lease, so there is no rent
            to review.
          </Alert>
        ) : (
          <RentReviewForm
            form={form}
            fields={fields}
            problems={problems}
            loading={state.phase === 'loading'}
            elapsed={elapsed}
            onChange={edit}
            onPreview={preview}
            onCancel={cancel}
            chosen={chosen?.size}
          />
        )}
        {state.phase === 'idle' && contract ? (
          <EmptyState
            heading="Preview a review"
            icon={<TrendingUp size={28} aria-hidden />}
            className="rr-empty"
          >
            Choose which leases to review and how to set their new rent, then <strong>Preview</strong>. Every
            lease is shown old → new before anything is drafted.
          </EmptyState>
        ) : null}
        {state.phase === 'error' ? <Alert>The preview could not be made: {state.message}</Alert> : null}
        {state.phase === 'done' ? (
          <RentReviewResults
            key={state.preview.asOf}
            query={state.query}
            preview={
              chosen
                ? { ...state.preview, rows: state.preview.rows.filter((r) => chosen.has(r.leaseId)) }
                : state.preview
            }
            outdated={settingsKey !== JSON.stringify(state.query)}
            rentLabel={rent?.label ?? state.query.rentField}
            marketLabel={market?.label}
            defaultLabel={defaultLabel(state.query, (n) => money(n))}
            money={money}
          />
        ) : null}
      </div>
    </>
  );
}
