// The rent review's lease filters, when no leases were chosen in Portfolio: the service's own lease
// filters (status, ending on or before, unit, tenant) and a property, whose units main follows.
import { RecordPicker } from '../collections/record-picker';
import type { RentReviewFields } from './rent-review-fields';
import type { FormProblems, RentReviewForm as FormState } from './rent-review-query';
import { Field, Problem } from './rent-review-rule';
import { enumWords } from '../../../../shared/contract';

export interface LeaseFiltersProps {
  form: FormState;
  fields: RentReviewFields;
  problems: FormProblems;
  set: <K extends keyof FormState>(key: K, value: FormState[K]) => void;
}

export function LeaseFilters({ form, fields, problems, set }: LeaseFiltersProps) {
  const picker = (
    key: 'propertyId' | 'unitId' | 'tenantId',
    label: string,
    target: 'properties' | 'units' | 'tenants',
  ) => (
    <Field id={`rr-${label.toLowerCase()}`} label={label}>
      <RecordPicker
        id={`rr-${label.toLowerCase()}`}
        label={label}
        target={target}
        value={form[key] || undefined}
        onChange={(v) => set(key, v ?? '')}
      />
    </Field>
  );
  return (
    <>
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
              {enumWords(s)}
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
      {picker('propertyId', 'Property', 'properties')}
      {picker('unitId', 'Unit', 'units')}
      {picker('tenantId', 'Tenant', 'tenants')}
    </>
  );
}
