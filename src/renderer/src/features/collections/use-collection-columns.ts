// The columns a collection's grid can show, and the ones it shows: the contract's fields in key order
// when the contract describes the collection, otherwise what the first record carries; which of them
// are shown, and in what order, is the user's choice, kept per connection and collection. Requests
// have an "Open for" column besides, worked out from their fields (open-age-column.ts).
import { useMemo } from 'react';
import type { CompiledContract } from '../../../../shared/contract';
import { keyFieldOrder } from '../../../../shared/contract';
import type { Collection } from '../../../../shared/service';
import { arrangeColumns, prefKey, useColumnPrefs } from '../../state/column-prefs';
import type { ColumnPref } from '../../state/column-prefs';
import { useConnections } from '../connections/use-connections-api';
import { columnsFromFields } from './columns';
import type { RowSource } from './paged-rows';
import { guessedFields } from './record-label';
import { withPlaceColumn } from './place-column';
import { localToday, openAgeColumn, withOpenAge } from './open-age-column';

const DEFAULT_VISIBLE_COLUMNS = 9;

export function useCollectionColumns(
  collection: Collection,
  contract: CompiledContract | undefined,
  rows: RowSource,
) {
  const fields = contract?.recordFields[collection];
  // Rows are parsed on demand, so the first record is read only when needed, and once per list of rows.
  const sample = useMemo(() => (fields?.length ? undefined : rows.get(0)), [fields, rows]);
  const available = useMemo(() => {
    if (fields?.length) {
      const described = (c: Collection) => (contract?.recordFields[c].length ?? 0) > 0;
      const own = withPlaceColumn(
        collection,
        columnsFromFields(keyFieldOrder(collection, fields, described)),
      );
      return withOpenAge(own, openAgeColumn(collection, contract, localToday()));
    }
    return columnsFromFields(keyFieldOrder(collection, sample ? guessedFields(sample) : [], () => true));
  }, [collection, contract, fields, sample]);
  const activeId = useConnections().data?.activeId;
  const key = prefKey(activeId, collection);
  const pref = useColumnPrefs((s) => s.prefs[key]);
  const savePref = useColumnPrefs((s) => s.set);
  const resetPref = useColumnPrefs((s) => s.reset);
  const visible = useMemo(() => arrangeColumns(available, pref, DEFAULT_VISIBLE_COLUMNS), [available, pref]);
  return {
    available,
    visible,
    choose: (p: ColumnPref) => savePref(key, p),
    reset: () => resetPref(key),
  };
}
