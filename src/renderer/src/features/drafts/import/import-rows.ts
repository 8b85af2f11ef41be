// Builds draft changes from mapped CSV rows and checks each against the contract, the way main will
// check the draft: every row becomes one change or a list of problems (row number, field, message).
import { validateChanges } from '../../../../../shared/contract';
import type { CompiledContract, FieldDescriptor } from '../../../../../shared/contract';
import type { DraftChangeInput } from '../../../../../shared/drafts';
import type { Operation, ResourceType } from '../../../../../shared/service';
import type { ParsedCsv } from './import-csv';
import { convertCell } from './import-convert';
import type { ColumnMapping } from './import-mapping';
import { ID_COLUMN, IGNORE_COLUMN } from './import-mapping';

export interface RowProblem {
  rowNumber: number;
  /** The field's label, "Record ID", or "" for the row as a whole. */
  field: string;
  message: string;
}

export type ImportedChange =
  | { operation: 'create'; resourceType: ResourceType; fields: Record<string, unknown> }
  | { operation: 'update'; resourceType: ResourceType; resourceId: string; fields: Record<string, unknown> };

export interface ImportPlan {
  /** Valid rows' changes, in file order, each with its row number. */
  valid: Array<{ rowNumber: number; change: ImportedChange }>;
  problems: RowProblem[];
  /** Rows with at least one problem. */
  invalidRows: number;
  total: number;
}

const RECORD_ID = /^[\w.:-]{1,200}$/;

export function buildImport(
  csv: ParsedCsv,
  mapping: ColumnMapping,
  contract: CompiledContract,
  resourceType: ResourceType,
  operation: Operation,
): ImportPlan {
  const resource = contract.resources[resourceType];
  const fields = operation === 'create' ? resource.createFields : resource.updateFields;
  const byName = new Map<string, FieldDescriptor>(fields.map((f) => [f.name, f]));
  const labelOf = (name: string) => byName.get(name)?.label ?? name;
  const problems: RowProblem[] = [];
  const valid: ImportPlan['valid'] = [];
  const bad = new Set<number>();
  const fileProblems = new Map<number, string[]>();
  for (const p of csv.rowProblems)
    fileProblems.set(p.rowNumber, [...(fileProblems.get(p.rowNumber) ?? []), p.message]);
  const firstRowOf = new Map<string, number>();

  for (const row of csv.rows) {
    const mine: RowProblem[] = (fileProblems.get(row.rowNumber) ?? []).map((message) => ({
      rowNumber: row.rowNumber,
      field: '',
      message,
    }));
    const values: Record<string, unknown> = {};
    let resourceId: string | undefined;
    mapping.forEach((target, column) => {
      if (target === IGNORE_COLUMN) return;
      const text = row.cells[column] ?? '';
      if (target === ID_COLUMN) {
        resourceId = text.trim();
        return;
      }
      const field = byName.get(target);
      if (!field) return;
      const converted = convertCell(text, field);
      if (!converted.ok)
        mine.push({ rowNumber: row.rowNumber, field: field.label, message: converted.message });
      else if (converted.value !== undefined) values[field.name] = converted.value;
    });

    let change: ImportedChange | undefined;
    if (operation === 'update') {
      if (!resourceId)
        mine.push({ rowNumber: row.rowNumber, field: 'Record ID', message: 'No record ID in this row' });
      else if (!RECORD_ID.test(resourceId)) {
        mine.push({
          rowNumber: row.rowNumber,
          field: 'Record ID',
          message: `“${resourceId}” is not a record ID`,
        });
      } else {
        const earlier = firstRowOf.get(resourceId);
        if (earlier !== undefined) {
          mine.push({
            rowNumber: row.rowNumber,
            field: 'Record ID',
            message: `Row ${earlier} already changes this record; put both changes in one row`,
          });
        } else firstRowOf.set(resourceId, row.rowNumber);
        change = { operation, resourceType, resourceId, fields: values };
      }
    } else {
      change = { operation, resourceType, fields: values };
    }

    // Cells that could not be read are reported once, by the conversion, not again by the schema.
    if (change && mine.length === 0) {
      const check = validateChanges(contract, { changes: [change] });
      if (!check.ok) {
        for (const p of check.problems) {
          const name = p.path.startsWith('fields.') ? p.path.slice('fields.'.length).split('.')[0]! : '';
          mine.push({ rowNumber: row.rowNumber, field: name ? labelOf(name) : '', message: p.message });
        }
      }
    }
    if (mine.length > 0) {
      bad.add(row.rowNumber);
      problems.push(...mine);
    } else if (change) {
      valid.push({ rowNumber: row.rowNumber, change });
    }
  }
  return { valid, problems, invalidRows: bad.size, total: csv.rows.length };
}

/** The changes to send to main, as draft inputs (ids are given by main). */
export function toDraftInputs(changes: readonly ImportedChange[]): DraftChangeInput[] {
  return changes.map((c) => ({ ...c }));
}
