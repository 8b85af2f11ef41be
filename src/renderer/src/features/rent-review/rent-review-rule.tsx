// The rent review's "New rent" group: the rent field, the rule (a percentage or an amount in the
// connection's currency, or up to the market rent), and the "Never above market rent" switch with
// what it does to rents already above market said beside it.
import type { ReactNode } from 'react';
import type { FieldDescriptor } from '../../../../shared/contract';
import type { RentReviewFields } from './rent-review-fields';
import type { FormProblems, RentReviewForm as FormState, RuleKind } from './rent-review-query';

export function Problem({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <span id={id} className="field-problem" role="alert">
      {text}
    </span>
  ) : null;
}

export function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="rr-field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

/** A choice among the contract's fields, by their labels; `none` offers "no field". */
function FieldSelect(p: {
  id: string;
  label: string;
  value: string;
  choices: readonly FieldDescriptor[];
  problem: string | undefined;
  none?: string;
  onChange: (name: string) => void;
}) {
  const problemId = `${p.id}-problem`;
  return (
    <Field id={p.id} label={p.label}>
      <select
        id={p.id}
        className="input"
        value={p.value}
        aria-describedby={p.problem ? problemId : undefined}
        onChange={(e) => p.onChange(e.target.value)}
      >
        {p.none !== undefined ? <option value="">{p.none}</option> : null}
        {p.choices.map((f) => (
          <option key={f.name} value={f.name}>
            {f.label}
          </option>
        ))}
      </select>
      <Problem id={problemId} text={p.problem} />
    </Field>
  );
}

export interface RentRuleGroupProps {
  form: FormState;
  fields: RentReviewFields;
  problems: FormProblems;
  currency: string;
  set: <K extends keyof FormState>(key: K, value: FormState[K]) => void;
}

export function RentRuleGroup({ form, fields, problems, currency, set }: RentRuleGroupProps) {
  const hasMarket = fields.marketFields.length > 0;
  const ceilingApplies = form.ruleKind !== 'market';
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
  const number = (key: 'percent' | 'amount', label: string) => (
    <input
      className="input rr-number"
      aria-label={label}
      inputMode="decimal"
      value={form[key]}
      disabled={form.ruleKind !== (key === 'percent' ? 'percent' : 'flat')}
      aria-invalid={problems[key] ? true : undefined}
      aria-describedby={problems[key] ? `rr-${key}-problem` : undefined}
      onChange={(e) => set(key, e.target.value)}
    />
  );

  return (
    <fieldset className="rr-group rr-rule-group">
      <legend>New rent</legend>
      <div className="rr-rules" role="radiogroup" aria-label="How to set the new rent">
        <div className="rr-rule">
          {rule('percent', 'Raise by a percentage')}
          {number('percent', 'Percentage')}
          <span className="muted">%</span>
          <Problem id="rr-percent-problem" text={problems.percent} />
        </div>
        <div className="rr-rule">
          {rule('flat', 'Raise by an amount')}
          {number('amount', 'Amount')}
          <span className="muted">{currency} per lease</span>
          <Problem id="rr-amount-problem" text={problems.amount} />
        </div>
        {hasMarket ? <div className="rr-rule">{rule('market', 'Up to the market rent')}</div> : null}
      </div>
      {hasMarket ? (
        <div className="rr-switch">
          <label>
            <input
              type="checkbox"
              role="switch"
              checked={ceilingApplies && form.neverAboveMarket}
              disabled={!ceilingApplies}
              aria-describedby="rr-ceiling-hint"
              onChange={(e) => set('neverAboveMarket', e.target.checked)}
            />
            Never above market rent
          </label>
          <span id="rr-ceiling-hint" className="muted small">
            {!ceilingApplies
              ? 'Rents go up to the market rent and no further.'
              : form.neverAboveMarket
                ? 'A raise stops at the unit’s market rent; rents already at or above it are left out, unchanged.'
                : 'Rents may end above the market rent; each such lease says by how much.'}
          </span>
        </div>
      ) : (
        <p className="muted small">
          The service’s units have no market rent field, so rents aren’t compared.
        </p>
      )}
      <div className="rr-field-pair">
        <FieldSelect
          id="rr-rent-field"
          label="Rent field"
          value={form.rentField}
          choices={fields.rentFields}
          problem={problems.rentField}
          onChange={(v) => set('rentField', v)}
        />
        {hasMarket ? (
          <FieldSelect
            id="rr-market-field"
            label="Market rent field"
            value={form.marketField}
            choices={fields.marketFields}
            problem={problems.marketField}
            none="None"
            onChange={(v) => set('marketField', v)}
          />
        ) : null}
      </div>
    </fieldset>
  );
}
