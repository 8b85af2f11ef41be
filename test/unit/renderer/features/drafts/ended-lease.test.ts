// A change to a lease that has ended is warned about, by its status in any of a service's words for it
// or by a last day that has passed; a running lease, a month-to-month one or an unread one is not.
import { describe, expect, it } from 'vitest';
import { endedLeaseWarning } from '../../../../../src/renderer/src/features/drafts/ended-lease';

const now = new Date('2026-11-26T10:00:00Z');
const lease = (fields: Record<string, unknown>) => ({ id: 'lease_1', ...fields });

describe('a change to an ended lease', () => {
  it('is warned about by its status or its past last day', () => {
    expect(endedLeaseWarning(lease({ status: 'ended', end_date: '2026-12-31' }), now)).toMatch(/has ended/);
    expect(endedLeaseWarning(lease({ status: 'Terminated' }), now)).toMatch(/“Terminated”/);
    expect(endedLeaseWarning(lease({ status: 'active', end_date: '2026-10-31' }), now)).toMatch(
      /ended on 2026-10-31/,
    );
  });
  it('is not warned about while the lease runs, or when nothing is known', () => {
    expect(endedLeaseWarning(lease({ status: 'active', end_date: '2027-01-31' }), now)).toBeUndefined();
    expect(endedLeaseWarning(lease({ status: 'month_to_month', end_date: null }), now)).toBeUndefined();
    expect(endedLeaseWarning(null, now)).toBeUndefined();
  });
});
