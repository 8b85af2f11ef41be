// The find box above every portfolio table: narrows the rows shown to those holding the words typed.
import type { PortfolioRow } from '../../../../shared/portfolio';

/**
 * The rows whose heading, its second line or any cell holds every word typed (any case), so a landlord
 * finds Caleb Reyes without scrolling; the totals row then totals the rows found.
 */
export function rowsFound(rows: readonly PortfolioRow[], find: string): readonly PortfolioRow[] {
  const words = find.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return rows;
  return rows.filter((r) => {
    const text = [r.group, r.groupNote ?? '', ...Object.values(r.cells).map((v) => String(v ?? ''))]
      .join(' ')
      .toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

export function FindBox({
  find,
  onChange,
  title,
  found,
  total,
}: {
  find: string;
  onChange: (find: string) => void;
  title: string;
  found: number;
  total: number;
}) {
  return (
    <label className="pf-find">
      Find{' '}
      <input
        type="search"
        value={find}
        onChange={(e) => onChange(e.target.value)}
        placeholder="Name, unit, email…"
        aria-label={`Find in ${title}`}
      />
      {find ? (
        <span className="muted" role="status">
          {found.toLocaleString()} of {total.toLocaleString()} rows
        </span>
      ) : null}
    </label>
  );
}
