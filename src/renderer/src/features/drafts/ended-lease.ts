// A change suggested to a lease that has ended: a new rent on it changes nothing anyone pays, so the
// landlord is told before drafting it and beside the change. A lease reads as ended when its status
// says so (the service's words for it are not fixed: ended, expired, terminated, former…) or its last
// day has passed.
import type { ServiceRecord } from '../../../../shared/service';
import { enumWords } from '../../../../shared/contract';

const ENDED_WORDS = /^(ended|expired|terminated|former|closed|past|finished|cancel+ed|inactive)$/i;

/** Today as the date fields hold it (local). */
function todayOf(now: Date): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

/** Words that warn of the lease having ended, or undefined for a lease still running. */
export function endedLeaseWarning(lease: ServiceRecord | null | undefined, now: Date): string | undefined {
  if (!lease) return undefined;
  const status = typeof lease.status === 'string' ? lease.status : '';
  const end = typeof lease.end_date === 'string' ? lease.end_date.slice(0, 10) : '';
  if (ENDED_WORDS.test(status))
    return `This lease has ended (its status is “${enumWords(status)}”). A change to it affects no one now renting: check that this is the lease you mean.`;
  if (/^\d{4}-\d{2}-\d{2}$/.test(end) && end < todayOf(now))
    return `This lease ended on ${end}. A change to it affects no one now renting: check that this is the lease you mean.`;
  return undefined;
}
