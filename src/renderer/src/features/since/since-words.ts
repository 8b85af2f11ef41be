// The words of each kind of change "Since you last looked" tells of, for a count of them, and when
// the landlord last looked ("Tuesday 9:40 PM", the date once it is more than a week ago).
import type { SinceKind } from '../../../../shared/since';
import { SINCE_ENDING_DAYS } from '../../../../shared/since';

const WORDS: Record<SinceKind, [string, string]> = {
  maintenance_opened: ['maintenance request opened', 'maintenance requests opened'],
  payments_late: ['payment now late', 'payments now late'],
  leases_ending: [
    `lease now within ${SINCE_ENDING_DAYS} days of its end`,
    `leases now within ${SINCE_ENDING_DAYS} days of their end`,
  ],
  units_vacant: ['unit now vacant', 'units now vacant'],
  documents_unverified: ['document no longer verified', 'documents no longer verified'],
  documents_added: ['document added', 'documents added'],
  payments_paid: ['payment now paid', 'payments now paid'],
  maintenance_closed: ['maintenance request closed', 'maintenance requests closed'],
  suggestions_decided: ['suggestion decided', 'suggestions decided'],
  records_changed: [
    'other record added or changed at the service (no suggestion of yours explains it)',
    'other records added or changed at the service (no suggestion of yours explains them)',
  ],
};

/** What `count` records of the kind are, without the number: "payments now late". */
export function kindWords(kind: SinceKind, count: number): string {
  const [one, many] = WORDS[kind];
  return count === 1 ? one : many;
}

/** The heading's title for a list of one kind: "Payments now late since you last looked". */
export function kindTitle(kind: SinceKind): string {
  const many = WORDS[kind][1];
  return `${many.charAt(0).toUpperCase()}${many.slice(1)}`;
}

/** When the landlord last looked: "Tuesday 9:40 PM" within the week. */
export { formatRecentMoment as markWords } from '../../../../shared/date-style';
