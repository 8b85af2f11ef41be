// The renewal preview, one row per lease: its tenant and unit (by their labels), the old end and
// rent, and the new lease's first and last day, rent and deposit, each editable before drafting; a
// lease left out says why (already followed by a lease, month-to-month …).
import type { RenewalEdit, RenewalRow } from '../../../../shared/renewals';
import { formatDay } from '../../lib/format-day';
import { formatMoney } from '../../lib/format-money';
import { RefName } from '../../labels/ref-name';
import { useLabels } from '../../labels/use-labels-api';

/** A row as edited, in the inputs' own words. */
export interface RowEdit {
  start: string;
  end: string;
  rent: string;
  deposit: string;
}

export const editOf = (row: RenewalRow): RowEdit => ({
  start: row.start ?? '',
  end: row.end ?? '',
  rent: row.rent === null ? '' : String(row.rent),
  deposit: row.deposit === null ? '' : String(row.deposit),
});

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The renewal as edited, or what is wrong with the row. */
export function renewalEdit(row: RenewalRow, edit: RowEdit): RenewalEdit | string {
  const rent = Number(edit.rent);
  const deposit = Number(edit.deposit);
  if (!DAY.test(edit.start) || !DAY.test(edit.end)) return 'Give the new lease a first and a last day.';
  if (edit.end < edit.start) return 'The new lease ends before it starts.';
  if (edit.rent.trim() === '' || !Number.isFinite(rent) || rent < 0)
    return 'The rent must be a number, 0 or more.';
  if (edit.deposit.trim() === '' || !Number.isFinite(deposit) || deposit < 0)
    return 'The deposit must be a number, 0 or more.';
  return {
    leaseId: row.leaseId,
    tenantId: row.tenantId ?? '',
    unitId: row.unitId ?? '',
    start: edit.start,
    end: edit.end,
    rent,
    deposit,
  };
}

function Cell({
  label,
  value,
  type,
  onChange,
}: {
  label: string;
  value: string;
  type: 'date' | 'number';
  onChange: (value: string) => void;
}) {
  return (
    <td className={type === 'number' ? 'num' : undefined}>
      <input
        className="input rn-cell"
        type={type}
        aria-label={label}
        value={value}
        {...(type === 'number' ? { min: 0, step: 'any' } : {})}
        onChange={(e) => onChange(e.target.value)}
      />
    </td>
  );
}

export function RenewalRows({
  rows,
  edits,
  currency,
  changed,
  onEdit,
}: {
  rows: readonly RenewalRow[];
  edits: Readonly<Record<string, RowEdit>>;
  currency: string;
  changed: ReadonlyMap<string, string>;
  onEdit: (leaseId: string, edit: RowEdit) => void;
}) {
  const label = useLabels(
    rows.flatMap((r) => [
      ...(r.tenantId ? [{ collection: 'tenants' as const, id: r.tenantId }] : []),
      ...(r.unitId ? [{ collection: 'units' as const, id: r.unitId }] : []),
    ]),
  );
  const money = (n: number | null) => (n === null ? '—' : formatMoney(n, currency));
  return (
    <table className="rn-table" aria-label="Renewals">
      <thead>
        <tr>
          <th scope="col">Tenant · unit</th>
          <th scope="col">Ends</th>
          <th scope="col" className="num">
            Rent now
          </th>
          <th scope="col">New start</th>
          <th scope="col">New end</th>
          <th scope="col" className="num">
            New rent
          </th>
          <th scope="col" className="num">
            Deposit
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const edit = edits[row.leaseId];
          const name = (
            <th scope="row">
              {row.tenantId ? <RefName view={label('tenants', row.tenantId)} /> : '—'}
              <span className="muted"> · </span>
              {row.unitId ? <RefName view={label('units', row.unitId)} /> : '—'}
              {changed.has(row.leaseId) ? (
                <div className="danger rn-why">{changed.get(row.leaseId)}</div>
              ) : null}
            </th>
          );
          const set = (key: keyof RowEdit) => (value: string) =>
            edit && onEdit(row.leaseId, { ...edit, [key]: value });
          return (
            <tr key={row.leaseId} className={edit ? undefined : 'rn-skipped'}>
              {name}
              <td>{row.ends ? formatDay(row.ends) : '—'}</td>
              <td className="num">{money(row.current)}</td>
              {edit ? (
                <>
                  <Cell label="New start" type="date" value={edit.start} onChange={set('start')} />
                  <Cell label="New end" type="date" value={edit.end} onChange={set('end')} />
                  <Cell label="New rent" type="number" value={edit.rent} onChange={set('rent')} />
                  <Cell label="Deposit" type="number" value={edit.deposit} onChange={set('deposit')} />
                </>
              ) : (
                <td colSpan={4} className="muted">
                  Not renewed: {row.skipped}
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
