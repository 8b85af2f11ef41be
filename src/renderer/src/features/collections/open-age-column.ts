// The Maintenance list's "Open for" column: each open request's age in words ("open 34 days"), worked
// out from the contract's reported (or created) date and status through the field roles; a heading
// click sorts by that date, oldest first, so the request open longest comes first.
import type { CompiledContract } from '../../../../shared/contract';
import { fieldRoles } from '../../../../shared/field-roles';
import { openAgeFields, openAgeWords, openDays } from '../../../../shared/open-age';
import type { Collection } from '../../../../shared/service';
import type { ColumnDef } from './columns';

export const OPEN_AGE_COLUMN = 'open_for';

/**
 * The column for the collection and the field it goes after (its status; null: first), or null where
 * it has none: only requests age, and only where the contract gives them a date to count from.
 */
export function openAgeColumn(
  collection: Collection,
  contract: CompiledContract | undefined,
  today: string,
): { column: ColumnDef; after: string | null } | null {
  if (collection !== 'maintenance_requests') return null;
  const fields = openAgeFields(fieldRoles(contract));
  if (!fields) return null;
  const column: ColumnDef = {
    name: OPEN_AGE_COLUMN,
    label: 'Open for',
    type: 'integer',
    money: null,
    derived: {
      text: (record) => {
        const days = openDays(record, fields, today);
        return days === null ? '—' : openAgeWords(days);
      },
      sortBy: { field: fields.since, kind: 'date', reversed: true },
    },
  };
  return { column, after: fields.status };
}

/** The columns with the age placed after the status (first where there is none). */
export function withOpenAge(columns: ColumnDef[], age: ReturnType<typeof openAgeColumn>): ColumnDef[] {
  if (!age) return columns;
  const at = age.after ? columns.findIndex((c) => c.name === age.after) + 1 : 0;
  return [...columns.slice(0, at), age.column, ...columns.slice(at)];
}

/** Today in the computer's own time zone (YYYY-MM-DD), the day ages count to. */
export function localToday(now = new Date()): string {
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}
