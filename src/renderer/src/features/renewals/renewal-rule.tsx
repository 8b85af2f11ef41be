// The renewal's terms before any preview: the new rent's rule (a percentage or an amount in the
// connection's currency, or the unit's market rent), its rounding, and the new term's length (as long
// as the lease renewed, or a number of months). Nothing is preset: the landlord types the raise.
import type { RenewalQuery } from '../../../../shared/renewals';
import { ROUNDING_STEPS } from '../../../../shared/drafts';

export interface RuleForm {
  kind: 'percent' | 'flat' | 'market';
  amount: string;
  months: string;
  step: (typeof ROUNDING_STEPS)[number];
  mode: 'nearest' | 'up' | 'down';
}

export const EMPTY_RULE: RuleForm = { kind: 'percent', amount: '', months: '', step: 1, mode: 'nearest' };

/** The query the form says, or what to fix in it. */
export function ruleQuery(form: RuleForm, leases: RenewalQuery['leases']): RenewalQuery | string {
  const amount = Number(form.amount.replace(',', '.'));
  if (form.kind !== 'market' && (form.amount.trim() === '' || !Number.isFinite(amount)))
    return form.kind === 'percent' ? 'Type the raise in percent, such as 3.' : 'Type the raise as an amount.';
  if (form.kind === 'percent' && (amount < -50 || amount > 100)) return 'A raise runs from −50 % to 100 %.';
  const months = form.months.trim() === '' ? null : Number(form.months);
  if (months !== null && (!Number.isInteger(months) || months < 1 || months > 120))
    return 'A term runs from 1 to 120 whole months; leave it empty for the same term.';
  return {
    leases,
    term: months === null ? { kind: 'same' } : { kind: 'months', months },
    rule:
      form.kind === 'percent'
        ? { kind: 'percent', percent: amount }
        : form.kind === 'flat'
          ? { kind: 'flat', amount }
          : { kind: 'market' },
    rounding: { step: form.step, mode: form.mode },
  };
}

export function RenewalRule({
  form,
  currency,
  set,
}: {
  form: RuleForm;
  currency: string;
  set: (form: RuleForm) => void;
}) {
  const kind = (value: RuleForm['kind'], label: string) => (
    <label>
      <input
        type="radio"
        name="rn-rule"
        value={value}
        checked={form.kind === value}
        onChange={() => set({ ...form, kind: value })}
      />
      {label}
    </label>
  );
  return (
    <fieldset className="rn-rule">
      <legend>New rent</legend>
      <div className="rn-line" role="radiogroup" aria-label="Rule">
        {kind('percent', 'Raise by %')}
        {kind('flat', `Raise by ${currency}`)}
        {kind('market', 'To market rent')}
      </div>
      {form.kind !== 'market' ? (
        <label className="rn-line">
          {form.kind === 'percent' ? 'Percent' : `Amount (${currency})`}
          <input
            className="input rn-num"
            inputMode="decimal"
            autoFocus
            value={form.amount}
            onChange={(e) => set({ ...form, amount: e.target.value })}
          />
        </label>
      ) : null}
      <div className="rn-line">
        <label>
          Round to{' '}
          <select
            className="input"
            value={form.step}
            onChange={(e) => set({ ...form, step: Number(e.target.value) as RuleForm['step'] })}
          >
            {ROUNDING_STEPS.map((s) => (
              <option key={s} value={s}>
                {s} {currency}
              </option>
            ))}
          </select>
        </label>
        <label>
          <select
            className="input"
            aria-label="Rounding"
            value={form.mode}
            onChange={(e) => set({ ...form, mode: e.target.value as RuleForm['mode'] })}
          >
            <option value="nearest">nearest</option>
            <option value="up">up</option>
            <option value="down">down</option>
          </select>
        </label>
        <label>
          Term in months{' '}
          <input
            className="input rn-num"
            inputMode="numeric"
            placeholder="same"
            value={form.months}
            onChange={(e) => set({ ...form, months: e.target.value })}
          />
        </label>
      </div>
    </fieldset>
  );
}
