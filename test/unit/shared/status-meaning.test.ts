// The status PropDesk drafts itself, chosen among a contract's values by their words: a lease that
// starts later, a unit whose tenant gave notice, a lease renewed; none where no value says it, or
// where the only value that does says the opposite ("not_renewing").
import { describe, expect, it } from 'vitest';
import { statusValueFor } from '../../../src/shared/status-meaning';

describe('a status value for what PropDesk drafts', () => {
  it('finds a lease’s status for starting later in each contract’s values', () => {
    expect(statusValueFor(['active', 'pending', 'ended', 'month_to_month'], 'upcoming')).toBe('pending');
    expect(statusValueFor(['draft', 'active', 'ended'], 'upcoming')).toBe('draft');
    expect(statusValueFor(['pending', 'live', 'closed'], 'upcoming')).toBe('pending');
    expect(statusValueFor(['active', 'ended'], 'upcoming')).toBeNull();
  });

  it('finds a unit’s status for notice, and none in a contract without one', () => {
    expect(statusValueFor(['vacant', 'occupied', 'notice', 'make_ready'], 'notice')).toBe('notice');
    expect(statusValueFor(['vacant', 'occupied', 'notice_given'], 'notice')).toBe('notice_given');
    expect(statusValueFor(['Notice Given', 'notice_withdrawn'], 'notice')).toBe('Notice Given');
    expect(statusValueFor(['let', 'empty', 'refurbishing'], 'notice')).toBeNull();
  });

  it('takes “renewed” over a value that says the lease is not renewing', () => {
    expect(statusValueFor(['not_offered', 'offered', 'renewed', 'not_renewing'], 'renewed')).toBe('renewed');
    expect(statusValueFor(['not_renewing', 'undecided'], 'renewed')).toBeNull();
    // Two values that both say it, with nothing to tell them apart: neither is guessed.
    expect(statusValueFor(['renewal_offered', 'renewal_accepted'], 'renewed')).toBeNull();
  });
});
