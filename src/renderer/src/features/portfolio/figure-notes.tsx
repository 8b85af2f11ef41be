// What a table or chart's figures rest on (a field the contract lacks, the rule for "open"), listed
// under it with an info mark, so no figure is a surprise.
import { Info } from 'lucide-react';

export function FigureNotes({
  notes,
  label,
  className,
}: {
  notes: string[];
  label: string;
  className?: string;
}) {
  if (!notes.length) return null;
  return (
    <ul className={className ? `pf-notes ${className}` : 'pf-notes'} aria-label={label}>
      {notes.map((n) => (
        <li key={n}>
          <Info size={13} aria-hidden />
          {n}
        </li>
      ))}
    </ul>
  );
}
