// Which record of a collection's list is selected, and where it opens: in the panel beside the list
// (the route names it, so the panel follows the selection while it is open) or as a page of its own.
import { useMemo, useState } from 'react';
import type { Collection } from '../../../../shared/service';
import { useNavigate } from '../../router/use-route';
import type { PagedRows } from './paged-rows';
import type { SortedRows } from './sorted-rows';

export function useRecordSelection(
  collection: Collection,
  query: Record<string, string>,
  rows: PagedRows | SortedRows,
  /** The record open in the panel, from the route. */
  recordId: string | undefined,
) {
  const navigate = useNavigate();
  const [selected, setSelected] = useState(-1);
  const openIndex = useMemo(() => (recordId ? rows.indexOfId(recordId) : -1), [rows, recordId]);
  const selectedIndex = selected >= 0 && selected < rows.length ? selected : openIndex;

  const open = (index: number, replace = false) => {
    const row = rows.get(index);
    if (row) navigate({ view: 'collection', collection, recordId: row.id, query }, { replace });
  };
  const openPage = (index: number) => {
    const row = rows.get(index);
    if (row) navigate({ view: 'record', collection, id: row.id });
  };
  const select = (index: number) => {
    setSelected(index);
    // With the panel open it follows the selection.
    if (recordId) open(index, true);
  };
  const close = () => navigate({ view: 'collection', collection, query });
  return { selectedIndex, select, open, openPage, close };
}
