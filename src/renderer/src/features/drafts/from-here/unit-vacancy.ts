// Whether a unit stands vacant, decided as the Vacancy board decides it: by having no running lease,
// not by the unit's status field (the service's word, which may lag its leases). The Units list's
// panel offers "New tenancy" on this answer (its leases are read by useUnitVacant).
import { dayNumber, isRunning } from '../../../../../shared/lease-running';
import type { ServiceRecord } from '../../../../../shared/service';

/** True when no lease of the unit runs today; `today` is YYYY-MM-DD (UTC, as the portfolio counts). */
export function vacantByLeases(leases: readonly ServiceRecord[], today: string): boolean {
  const day = dayNumber(today)!;
  return !leases.some((lease) => isRunning(lease, day));
}
