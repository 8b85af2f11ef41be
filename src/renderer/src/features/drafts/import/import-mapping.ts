// Which contract field each CSV column fills. Columns are matched to fields by name or label, ignoring
// case, spaces, dashes and underscores ("Monthly Rent" and "monthly_rent" both match monthly_rent);
// for updates one column holds the record ID. Every field is filled by at most one column.
import type { FieldDescriptor } from '../../../../../shared/contract';
import type { Operation, ResourceType } from '../../../../../shared/service';

/** The mapping target meaning "this column is the ID of the record to change". */
export const ID_COLUMN = '@id';
/** The mapping target meaning "leave this column out". */
export const IGNORE_COLUMN = '';

/** One target per CSV column: IGNORE_COLUMN, ID_COLUMN or a field name. */
export type ColumnMapping = string[];

const normalise = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

function idNames(resourceType: ResourceType): Set<string> {
  return new Set([
    'id',
    'recordid',
    'resourceid',
    normalise(`${resourceType}_id`),
    normalise(`${resourceType} id`),
  ]);
}

export function autoMatch(
  headers: readonly string[],
  fields: readonly FieldDescriptor[],
  operation: Operation,
  resourceType: ResourceType,
): ColumnMapping {
  const used = new Set<string>();
  const byKey = new Map<string, string>();
  // Names win over labels: a label that happens to equal another field's name loses.
  for (const f of fields) byKey.set(normalise(f.name), f.name);
  for (const f of fields) if (!byKey.has(normalise(f.label))) byKey.set(normalise(f.label), f.name);
  const ids = idNames(resourceType);
  let idTaken = false;
  return headers.map((header) => {
    const key = normalise(header);
    const field = byKey.get(key);
    if (field && !used.has(field)) {
      used.add(field);
      return field;
    }
    if (operation === 'update' && !idTaken && ids.has(key)) {
      idTaken = true;
      return ID_COLUMN;
    }
    return IGNORE_COLUMN;
  });
}

/** Problems of the mapping as a whole, which block the import before any row is looked at. */
export function mappingProblems(
  mapping: ColumnMapping,
  operation: Operation,
  fields: readonly FieldDescriptor[],
): string[] {
  const problems: string[] = [];
  const ids = mapping.filter((t) => t === ID_COLUMN).length;
  if (operation === 'update' && ids === 0)
    problems.push('Choose the column that holds the ID of each record to change.');
  if (ids > 1) problems.push('Only one column can hold the record ID.');
  const seen = new Set<string>();
  for (const target of mapping) {
    if (target === IGNORE_COLUMN || target === ID_COLUMN) continue;
    if (seen.has(target)) {
      const label = fields.find((f) => f.name === target)?.label ?? target;
      problems.push(`Two columns fill “${label}”; choose one.`);
    }
    seen.add(target);
  }
  if (seen.size === 0) problems.push('Match at least one column to a field.');
  if (operation === 'create') {
    const missing = fields.filter((f) => f.required && !seen.has(f.name)).map((f) => `“${f.label}”`);
    if (missing.length > 0) {
      problems.push(
        `New records need ${missing.join(', ')}: match ${missing.length === 1 ? 'a column' : 'columns'} to ${missing.length === 1 ? 'it' : 'them'}.`,
      );
    }
  }
  return problems;
}
