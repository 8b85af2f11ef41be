// "Save as PDF" on a list with a total (Payments): main asks where in its own save dialog, reads every
// record the list's filters match (PropDesk's own filters too), not only the rows drawn, and prints
// them in the columns shown here, with the filters in words and the total. A cancel says nothing; a
// failure says what went wrong.
import { FileDown } from 'lucide-react';
import type { SummedCollection } from '../../../../shared/list-sum';
import type { ColumnDef } from './columns';
import { SaveOutcome } from './save-outcome';
import { useSaveListPdf } from './use-collections-api';

export function ListPdfButton({
  collection,
  filters,
  columns,
}: {
  collection: SummedCollection;
  filters: Record<string, string>;
  /** The columns the grid shows, in its order. */
  columns: readonly ColumnDef[];
}) {
  // A column worked out in the window alone (a request's age) is no field main can print.
  const printed = columns.filter((c) => !c.derived?.text).map((c) => ({ name: c.name, label: c.label }));
  const saving = useSaveListPdf(collection, filters, printed);
  return (
    <div className="export">
      <SaveOutcome
        saving={saving}
        what={(saved) => {
          const rows = saved.rows ?? 0;
          const pages = saved.pages === 1 ? '1 page' : `${saved.pages?.toLocaleString() ?? 'its'} pages`;
          return `${rows.toLocaleString()} ${rows === 1 ? 'row' : 'rows'} on ${pages}`;
        }}
      />
      <button
        type="button"
        className="btn"
        onClick={() => saving.mutate()}
        disabled={saving.isPending}
        title="Write every record matching these filters, in the columns shown, to a PDF file"
      >
        <FileDown size={14} aria-hidden /> {saving.isPending ? 'Saving…' : 'Save as PDF'}
      </button>
    </div>
  );
}
