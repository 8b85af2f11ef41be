// The label beside every reference in an export: after a `<resource>_id` column ("unit_id") comes the
// referenced record's label under "Unit (name)", and after a document's `entity_id` the label of the
// record it belongs to, so a spreadsheet reads "Maple Court · 3B" where the service stores an ID.
import { fieldWords, referencedCollection } from '../../shared/contract';
import { labelKey } from '../../shared/label-refs';
import type { LabelAnswer, LabelRef } from '../../shared/label-refs';
import { isResourceType, RESOURCE_COLLECTION } from '../../shared/service';
import type { Collection, ServiceRecord } from '../../shared/service';
import type { CsvCell } from './csv-text';

export interface LabelColumn {
  /** The reference column it follows. */
  field: string;
  header: string;
  /** The collection the record's reference points into, if it points anywhere. */
  collectionOf: (record: ServiceRecord) => Collection | undefined;
}

/** Labels for a page's references, keyed by labelKey: one call per page. */
export type PageLabels = (refs: LabelRef[]) => Promise<Pick<LabelAnswer, 'labels' | 'problems'>>;

export function labelColumns(columns: readonly string[]): LabelColumn[] {
  const out: LabelColumn[] = [];
  for (const field of columns) {
    const collection = referencedCollection(field);
    if (collection)
      out.push({ field, header: `${fieldWords(field)} (name)`, collectionOf: () => collection });
    else if (field === 'entity_id' && columns.includes('entity_type'))
      out.push({
        field,
        header: 'Record (name)',
        collectionOf: (r) => (isResourceType(r.entity_type) ? RESOURCE_COLLECTION[r.entity_type] : undefined),
      });
  }
  return out;
}

function refOf(record: ServiceRecord, column: LabelColumn): LabelRef | undefined {
  const id = record[column.field];
  const collection = column.collectionOf(record);
  return typeof id === 'string' && id && collection ? { collection, id } : undefined;
}

/** The header with each label column right after its reference column. */
export function headerWithLabels(columns: readonly string[], labels: readonly LabelColumn[]): string[] {
  const byField = new Map(labels.map((l) => [l.field, l.header]));
  return columns.flatMap((c) => (byField.has(c) ? [c, byField.get(c)!] : [c]));
}

/**
 * A page's rows under headerWithLabels, its labels read with one call for the whole page, and what
 * kept some from being read (their cells stay empty; the IDs beside them still say which record).
 */
export async function rowsWithLabels(
  records: readonly ServiceRecord[],
  columns: readonly string[],
  labels: readonly LabelColumn[],
  resolve: PageLabels,
  cell: (field: string, value: unknown) => CsvCell,
): Promise<{ rows: CsvCell[][]; problems: readonly string[] }> {
  const refs = new Map<string, LabelRef>();
  for (const record of records)
    for (const column of labels) {
      const ref = refOf(record, column);
      if (ref) refs.set(labelKey(ref.collection, ref.id), ref);
    }
  const answer = refs.size > 0 ? await resolve([...refs.values()]) : { labels: {} };
  const byField = new Map(labels.map((l) => [l.field, l]));
  const rows = records.map((record) =>
    columns.flatMap((c) => {
      const column = byField.get(c);
      if (!column) return [cell(c, record[c])];
      const ref = refOf(record, column);
      return [cell(c, record[c]), ref ? (answer.labels[labelKey(ref.collection, ref.id)] ?? '') : ''];
    }),
  );
  return { rows, problems: answer.problems ?? [] };
}
