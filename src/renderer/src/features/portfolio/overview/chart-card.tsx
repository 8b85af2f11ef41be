// A chart of the overview in its card: title, the chart's finding in words, the chart, its legend and
// notes, and a button that shows the same figures as a plain table. A chart whose collections have no
// offline copy yet says so instead of drawing zeros.
import { FigureNotes } from '../figure-notes';
import { Table2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import type { Collection } from '../../../../../shared/service';
import { COLLECTION_LABELS } from '../../../../../shared/labels';
import type { ChartSeries } from './chart-data';

export interface ChartTable {
  head: string[];
  /** Which columns hold numbers (right-aligned). */
  numeric: boolean[];
  rows: Array<{ key: string; cells: ReactNode[] }>;
}

export interface ChartCardProps {
  title: string;
  /** The finding in a sentence or two: what stands out, totals. */
  summary: ReactNode;
  /** What Enter (or a click) on a bar opens, for screen readers and as a visible hint. */
  hint: string;
  notes: string[];
  missing: Collection[];
  table: ChartTable;
  legend?: ChartSeries[];
  /** Extra legend entries (e.g. the stand-out marking). */
  legendExtra?: ReactNode;
  /** Buttons that act on the chart (after its legend). */
  actions?: ReactNode;
  wide?: boolean;
  /** The chart (and anything beside it); given the id of the hint. */
  children: (hintId: string) => ReactNode;
}

export function ChartCard(p: ChartCardProps) {
  const id = useId();
  const [showTable, setShowTable] = useState(false);
  const titleId = `${id}-title`;
  const tableId = `${id}-table`;
  const hintId = `${id}-hint`;
  return (
    <section className={`ov-card${p.wide ? ' ov-wide' : ''}`} aria-labelledby={titleId}>
      <header className="ov-card-head">
        <h3 id={titleId}>{p.title}</h3>
        <span className="spacer" />
        {p.missing.length ? null : (
          <button
            type="button"
            className="btn ov-table-toggle"
            aria-expanded={showTable}
            aria-controls={tableId}
            onClick={() => setShowTable((v) => !v)}
          >
            <Table2 size={14} aria-hidden /> {showTable ? 'Hide data table' : 'Show data table'}
          </button>
        )}
      </header>
      {p.missing.length ? (
        <p className="muted">
          No offline copy of {p.missing.map((c) => COLLECTION_LABELS[c].toLowerCase()).join(', ')} yet: this
          chart appears once the offline copy is made.
        </p>
      ) : (
        <>
          <p className="ov-summary">{p.summary}</p>
          {p.children(hintId)}
          {p.legend?.length || p.legendExtra ? (
            <ul className="ov-legend" aria-label={`${p.title}: legend`}>
              {p.legend?.map((s) => (
                <li key={s.key}>
                  <span className={`ov-swatch chart-c${s.colour} ov-swatch-${s.pattern}`} aria-hidden />
                  {s.label}
                </li>
              ))}
              {p.legendExtra}
            </ul>
          ) : null}
          <p id={hintId} className="ov-hint muted">
            {p.hint}
          </p>
          {p.actions ? <div className="ov-actions">{p.actions}</div> : null}
          <FigureNotes notes={p.notes} label={`${p.title}: about these figures`} className="ov-notes" />
          {/* Always there, so a printed page carries the figures too; shown on screen on request. */}
          {/* Focusable so a long table can be scrolled from the keyboard. */}
          <div
            id={tableId}
            hidden={!showTable}
            className="ov-table-wrap"
            tabIndex={0}
            role="region"
            aria-label={`${p.title}: data table`}
          >
            <table className="pf-table ov-table" aria-label={`${p.title}: data`}>
              <thead>
                <tr>
                  {p.table.head.map((h, i) => (
                    <th key={h} scope="col" className={p.table.numeric[i] ? 'num' : undefined}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {p.table.rows.map((r) => (
                  <tr key={r.key}>
                    {r.cells.map((c, i) => (
                      <td key={i} className={p.table.numeric[i] ? 'num' : undefined}>
                        {c}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
