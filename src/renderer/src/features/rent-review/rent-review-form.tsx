// The rent review's settings: which leases (those chosen in Portfolio, or the service's lease filters
// and a property), the new rent (see rent-review-rule.tsx) and the rounding. Choices come from the
// contract: rent and market fields, lease statuses. The groups wrap to the window's width.
import type { FormEvent } from 'react';
import { ROUNDING_STEPS } from '../../../../shared/drafts';
import { formatMoney } from '../../lib/format-money';
import { useCurrency } from '../connections/use-currency';
import { formatRoute } from '../../router/routes';
import { LeaseFilters } from './rent-review-lease-filters';
import type { RentReviewFields } from './rent-review-fields';
import { Field, RentRuleGroup } from './rent-review-rule';
import type {
  FormProblems,
  RentReviewForm as FormState,
  RoundingMode,
  RoundingStep,
} from './rent-review-query';

export interface RentReviewFormProps {
  form: FormState;
  fields: RentReviewFields;
  problems: FormProblems;
  loading: boolean;
  onChange: (next: FormState) => void;
  onPreview: () => void;
  onCancel: () => void;
  /** Elapsed seconds of a running preview. */
  elapsed: number;
  /** How many leases were chosen in Portfolio, when the review is of those. */
  chosen: number | undefined;
}

const MODES: Array<[RoundingMode, string]> = [
  ['nearest', 'Nearest'],
  ['up', 'Up'],
  ['down', 'Down'],
];

/** A rounding step in the connection's currency: "cent" for the smallest, "$5" for whole ones. */
const stepLabel = (step: RoundingStep, currency: string) =>
  step === 0.01 ? 'cent' : formatMoney(step, currency, 'whole');

export function RentReviewForm({
  form,
  fields,
  problems,
  loading,
  onChange,
  onPreview,
  onCancel,
  elapsed,
  chosen,
}: RentReviewFormProps) {
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => onChange({ ...form, [key]: value });
  const currency = useCurrency();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!loading) onPreview();
  };
  return (
    <form className="rr-form card" onSubmit={submit} aria-label="Rent review settings">
      <fieldset className="rr-group rr-which">
        <legend>Which leases</legend>
        {chosen !== undefined ? (
          <p className="rr-chosen" role="note">
            <strong>
              {chosen === 1 ? '1 lease' : `${chosen.toLocaleString()} leases`} chosen in Portfolio
            </strong>{' '}
            — <a href={formatRoute({ view: 'portfolio', tab: 'expirations' })}>choose others</a> or{' '}
            <a href={formatRoute({ view: 'rent-review' })}>review by filters</a>
          </p>
        ) : (
          <LeaseFilters form={form} problems={problems} set={set} fields={fields} />
        )}
      </fieldset>
      <RentRuleGroup form={form} fields={fields} problems={problems} currency={currency} set={set} />
      <fieldset className="rr-group rr-round">
        <legend>Rounding</legend>
        <Field id="rr-round-mode" label="Round">
          <select
            id="rr-round-mode"
            className="input"
            value={form.mode}
            onChange={(e) => set('mode', e.target.value as RoundingMode)}
          >
            {MODES.map(([mode, label]) => (
              <option key={mode} value={mode}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        <Field id="rr-round-step" label="To a multiple of">
          <select
            id="rr-round-step"
            className="input"
            value={String(form.step)}
            onChange={(e) => set('step', Number(e.target.value) as RoundingStep)}
          >
            {ROUNDING_STEPS.map((step) => (
              <option key={step} value={String(step)}>
                {stepLabel(step, currency)}
              </option>
            ))}
          </select>
        </Field>
        <div className="rr-actions">
          {loading ? (
            <>
              <span className="rr-progress" role="status">
                <span className="spinner" aria-hidden /> Reading leases and units…{' '}
                {elapsed > 0 ? `${elapsed} s` : ''}
              </span>
              <button type="button" className="btn" onClick={onCancel}>
                Cancel
              </button>
            </>
          ) : (
            <button type="submit" className="btn primary" disabled={fields.rentFields.length === 0}>
              Preview
            </button>
          )}
        </div>
      </fieldset>
    </form>
  );
}
