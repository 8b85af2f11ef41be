// The rent review's settings: which leases (the service's lease filters and a property), the rule
// (flat amount, percentage, or up to the unit's market rent) and the rounding. Choices come from the
// contract: rent and market fields, lease statuses.
import type { FormEvent, ReactNode } from 'react';
import { ROUNDING_STEPS } from '../../../../shared/drafts';
import { formatMoney } from '../../lib/format-money';
import { useCurrency } from '../connections/use-currency';
import { RecordPicker } from '../collections/record-picker';
import type { RentReviewFields } from './rent-review-fields';
import type {
  FormProblems,
  RentReviewForm as FormState,
  RoundingMode,
  RoundingStep,
  RuleKind,
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
}

const MODES: Array<[RoundingMode, string]> = [
  ['nearest', 'Nearest'],
  ['up', 'Up'],
  ['down', 'Down'],
];

function Problem({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <span id={id} className="field-problem" role="alert">
      {text}
    </span>
  ) : null;
}

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="rr-field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

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
}: RentReviewFormProps) {
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => onChange({ ...form, [key]: value });
  const hasMarket = fields.marketFields.length > 0;
  const currency = useCurrency();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!loading) onPreview();
  };
  const rule = (kind: RuleKind, label: string, disabled = false) => (
    <label className={disabled ? 'muted' : undefined}>
      <input
        type="radio"
        name="rr-rule"
        value={kind}
        checked={form.ruleKind === kind}
        disabled={disabled}
        onChange={() => set('ruleKind', kind)}
      />
      {label}
    </label>
  );

  return (
    <form className="rr-form card" onSubmit={submit} aria-label="Rent review settings">
      <fieldset className="rr-group">
        <legend>Which leases</legend>
        <Field id="rr-status" label="Lease status">
          <select
            id="rr-status"
            className="input"
            value={form.status}
            onChange={(e) => set('status', e.target.value)}
          >
            <option value="">Any</option>
            {(fields.statusChoices ?? []).map((s) => (
              <option key={s} value={s}>
                {s.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
        </Field>
        <Field id="rr-end-date" label="Ending on or before">
          <input
            id="rr-end-date"
            type="date"
            className="input"
            value={form.endDate}
            aria-describedby={problems.endDate ? 'rr-end-date-problem' : undefined}
            onChange={(e) => set('endDate', e.target.value)}
          />
          <Problem id="rr-end-date-problem" text={problems.endDate} />
        </Field>
        <Field id="rr-property" label="Property">
          <RecordPicker
            id="rr-property"
            label="Property"
            target="properties"
            value={form.propertyId || undefined}
            onChange={(v) => set('propertyId', v ?? '')}
          />
        </Field>
        <Field id="rr-unit" label="Unit">
          <RecordPicker
            id="rr-unit"
            label="Unit"
            target="units"
            value={form.unitId || undefined}
            onChange={(v) => set('unitId', v ?? '')}
          />
        </Field>
        <Field id="rr-tenant" label="Tenant">
          <RecordPicker
            id="rr-tenant"
            label="Tenant"
            target="tenants"
            value={form.tenantId || undefined}
            onChange={(v) => set('tenantId', v ?? '')}
          />
        </Field>
      </fieldset>

      <fieldset className="rr-group">
        <legend>Rule</legend>
        <Field id="rr-rent-field" label="Rent field">
          <select
            id="rr-rent-field"
            className="input"
            value={form.rentField}
            aria-describedby={problems.rentField ? 'rr-rent-field-problem' : undefined}
            onChange={(e) => set('rentField', e.target.value)}
          >
            {fields.rentFields.map((f) => (
              <option key={f.name} value={f.name}>
                {f.label}
              </option>
            ))}
          </select>
          <Problem id="rr-rent-field-problem" text={problems.rentField} />
        </Field>
        <div className="rr-rules" role="radiogroup" aria-label="How to set the new rent">
          <div className="rr-rule">
            {rule('percent', 'Raise by a percentage')}
            <input
              className="input rr-number"
              aria-label="Percentage"
              inputMode="decimal"
              value={form.percent}
              disabled={form.ruleKind !== 'percent'}
              aria-invalid={problems.percent ? true : undefined}
              aria-describedby={problems.percent ? 'rr-percent-problem' : undefined}
              onChange={(e) => set('percent', e.target.value)}
            />
            <span className="muted">%</span>
            <Problem id="rr-percent-problem" text={problems.percent} />
          </div>
          <div className="rr-rule">
            {rule('flat', 'Raise by an amount')}
            <input
              className="input rr-number"
              aria-label="Amount"
              inputMode="decimal"
              value={form.amount}
              disabled={form.ruleKind !== 'flat'}
              aria-invalid={problems.amount ? true : undefined}
              aria-describedby={problems.amount ? 'rr-amount-problem' : undefined}
              onChange={(e) => set('amount', e.target.value)}
            />
            <span className="muted">per lease</span>
            <Problem id="rr-amount-problem" text={problems.amount} />
          </div>
          <div className="rr-rule">
            {rule('market', 'Up to market rent (never lower)', !hasMarket)}
            {hasMarket ? (
              <>
                <input
                  className="input rr-number"
                  aria-label="Limit of the raise, in percent"
                  placeholder="no limit"
                  inputMode="decimal"
                  value={form.capPercent}
                  disabled={form.ruleKind !== 'market'}
                  aria-invalid={problems.capPercent ? true : undefined}
                  aria-describedby={problems.capPercent ? 'rr-cap-problem' : undefined}
                  onChange={(e) => set('capPercent', e.target.value)}
                />
                <span className="muted">% at most</span>
                <Problem id="rr-cap-problem" text={problems.capPercent} />
              </>
            ) : (
              <span className="muted">The service’s units have no market rent field.</span>
            )}
          </div>
        </div>
        {hasMarket ? (
          <Field id="rr-market-field" label="Market rent field">
            <select
              id="rr-market-field"
              className="input"
              value={form.marketField}
              aria-describedby={problems.marketField ? 'rr-market-field-problem' : undefined}
              onChange={(e) => set('marketField', e.target.value)}
            >
              <option value="">None</option>
              {fields.marketFields.map((f) => (
                <option key={f.name} value={f.name}>
                  {f.label}
                </option>
              ))}
            </select>
            <Problem id="rr-market-field-problem" text={problems.marketField} />
          </Field>
        ) : null}
      </fieldset>

      <fieldset className="rr-group">
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
