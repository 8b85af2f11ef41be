// One portfolio view as a dense table: summary figures, plain-words notes, then rows under their group
// headings with numbers right-aligned. The expirations view adds a choice per lease and a button that
// opens the bulk rent review with the chosen leases.
import { FigureNotes } from './figure-notes';
import { formatRoute } from '../../router/routes';
import { TrendingUp } from 'lucide-react';
import { Fragment, useState } from 'react';
import type { PortfolioRow, PortfolioTable as Table } from '../../../../shared/portfolio';
import { formatCell, isNumericKind } from './format-cell';

/** Rows drawn on screen; the CSV export has every row. */
export const MAX_ROWS_SHOWN = 1_000;

function groupsOf(rows: PortfolioRow[]): Array<[string, PortfolioRow[]]> {
  const groups = new Map<string, PortfolioRow[]>();
  for (const row of rows) {
    const list = groups.get(row.group);
    if (list) list.push(row);
    else groups.set(row.group, [row]);
  }
  return [...groups];
}

export function rentReviewHash(leaseIds: readonly string[]): string {
  return formatRoute({ view: 'rent-review', leases: [...leaseIds] });
}

export function PortfolioTable({ table }: { table: Table }) {
  const selectable = table.view === 'expirations';
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const shown = table.rows.slice(0, MAX_ROWS_SHOWN);
  const groups = groupsOf(shown);
  const toggle = (ids: string[], on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      for (const id of ids)
        if (on) next.add(id);
        else next.delete(id);
      return next;
    });
  const width = table.columns.length + (selectable ? 1 : 0);

  return (
    <div className="pf-body">
      <dl className="pf-summary">
        {table.summary.map((s) => (
          <div key={s.label} className="pf-figure">
            <dt>{s.label}</dt>
            <dd>{formatCell(s.value, s.kind)}</dd>
          </div>
        ))}
      </dl>
      <FigureNotes notes={table.notes} label="About these figures" />
      {selectable ? (
        <div className="pf-actions">
          <span className="muted">
            {chosen.size
              ? `${chosen.size.toLocaleString()} leases chosen`
              : 'Choose leases to review their rents.'}
          </span>
          <button
            type="button"
            className="btn primary"
            disabled={chosen.size === 0}
            onClick={() => {
              window.location.hash = rentReviewHash([...chosen]);
            }}
          >
            <TrendingUp size={14} aria-hidden /> Start rent review for {chosen.size || 'chosen'} leases
          </button>
        </div>
      ) : null}
      {table.rows.length === 0 ? (
        <div className="empty">
          <h2>Nothing to show</h2>
          <p>No records in the offline copy fit this view.</p>
        </div>
      ) : (
        // Focusable so the rows can be scrolled from the keyboard.
        <div className="pf-scroll" tabIndex={0} role="region" aria-label={`${table.title}: rows`}>
          <table className="pf-table" aria-label={table.title}>
            <thead>
              <tr>
                {selectable ? (
                  <th scope="col" className="pf-check">
                    <span className="visually-hidden">Chosen</span>
                  </th>
                ) : null}
                {table.columns.map((c) => (
                  <th key={c.key} scope="col" className={isNumericKind(c.kind) ? 'num' : undefined}>
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {groups.map(([group, rows]) => {
                const ids = rows.map((r) => r.id);
                const all = ids.every((id) => chosen.has(id));
                return (
                  <Fragment key={group}>
                    <tr className="pf-group">
                      {selectable ? (
                        <td className="pf-check">
                          <input
                            type="checkbox"
                            checked={all}
                            aria-label={`Choose all leases ending within ${group}`}
                            onChange={(e) => toggle(ids, e.target.checked)}
                          />
                        </td>
                      ) : null}
                      <th scope="colgroup" colSpan={width - (selectable ? 1 : 0)}>
                        {group} <span className="muted">· {rows.length.toLocaleString()}</span>
                      </th>
                    </tr>
                    {rows.map((row) => (
                      <tr key={row.id} className={row.flag ? `pf-flag-${row.flag}` : undefined}>
                        {selectable ? (
                          <td className="pf-check">
                            <input
                              type="checkbox"
                              checked={chosen.has(row.id)}
                              aria-label={`Choose lease ${String(row.cells.lease ?? row.id)}`}
                              onChange={(e) => toggle([row.id], e.target.checked)}
                            />
                          </td>
                        ) : null}
                        {table.columns.map((c, i) => (
                          <td key={c.key} className={isNumericKind(c.kind) ? 'num' : undefined}>
                            {formatCell(row.cells[c.key], c.kind)}
                            {i === 0 && row.flag ? <span className="pf-flag">{row.flag}</span> : null}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
          {table.rows.length > MAX_ROWS_SHOWN ? (
            <p className="muted pf-more">
              Showing the first {MAX_ROWS_SHOWN.toLocaleString()} of {table.rows.length.toLocaleString()}{' '}
              rows. Export to CSV for all of them.
            </p>
          ) : null}
        </div>
      )}
    </div>
  );
}
