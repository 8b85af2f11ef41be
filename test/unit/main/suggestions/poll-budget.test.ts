// The suggestions poll's hourly budget on a held clock: a burst at once, then the hour's rest at an even
// pace; an hour away refills the burst; a poll of many requests is waited out; a clock set back gives
// nothing back; and limits that could not hold are refused.
import { describe, expect, it } from 'vitest';
import { PollBudget } from '../../../../src/main/suggestions/poll-budget';

function held(at = Date.parse('2026-11-28T09:00:00Z')) {
  const clock = { at };
  return { clock, now: () => new Date(clock.at) };
}

describe('poll budget', () => {
  it('lets a burst go at once, then one request every (hour / refill), and refills after an hour away', () => {
    const { clock, now } = held();
    const budget = new PollBudget({ perHour: 700, burst: 200 }, now);
    for (let i = 0; i < 200; i++) {
      expect(budget.waitMs()).toBe(0);
      budget.spend(1);
    }
    // 500 an hour are left for refilling: one every 7.2 s.
    expect(budget.waitMs()).toBe(7_200);
    clock.at += 7_200;
    expect(budget.waitMs()).toBe(0);
    budget.spend(1);
    clock.at += 3_600_000;
    for (let i = 0; i < 200; i++) budget.spend(1);
    expect(budget.waitMs()).toBe(7_200);
  });

  it('waits out a poll that sent more than was left, counts a failed one as one, and never refills backwards', () => {
    const { clock, now } = held();
    const budget = new PollBudget({ perHour: 700, burst: 200 }, now);
    for (let i = 0; i < 199; i++) budget.spend(1);
    budget.spend(4);
    // Three requests overdrawn, one more needed: four refills.
    expect(budget.waitMs()).toBe(4 * 7_200);
    clock.at -= 3_600_000;
    expect(budget.waitMs()).toBe(4 * 7_200);
    budget.spend(0);
    expect(budget.waitMs()).toBe(5 * 7_200);
  });

  it('refuses limits under which no hour could stay within its budget', () => {
    const { now } = held();
    expect(() => new PollBudget({ perHour: 200, burst: 200 }, now)).toThrow(RangeError);
    expect(() => new PollBudget({ perHour: 700, burst: 0 }, now)).toThrow(RangeError);
  });
});
