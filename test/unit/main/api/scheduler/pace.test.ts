// The pace arithmetic on a clock the test moves: what the service's limit is measured as, how far
// below it PropDesk keeps, how refusals lower it and answers raise it again.
import { describe, expect, it } from 'vitest';
import { Pace } from '../../../../../src/main/api/scheduler/pace';

function clock() {
  let t = 1_000_000;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

/** Sends `count` requests evenly over `ms`, returning their send times. */
function sendOver(pace: Pace, c: ReturnType<typeof clock>, count: number, ms: number): number[] {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    times.push(pace.sent());
    c.advance(ms / count);
  }
  return times;
}

describe('Pace', () => {
  it('keeps no pace until the service refuses, and lets every request go at once', () => {
    const c = clock();
    const pace = new Pace({ now: c.now });
    sendOver(pace, c, 50, 500);
    for (let i = 0; i < 50; i++) pace.answered();
    expect(pace.rate).toBeUndefined();
    expect(pace.delay()).toBe(0);
  });

  it('measures the limit over the window before a refusal and keeps below it, evenly spaced', () => {
    const c = clock();
    const pace = new Pace({ now: c.now });
    const sent = sendOver(pace, c, 21, 500);
    // 21 sent in the window, the last one refused: 20 a second went through.
    expect(pace.limited(sent.at(-1)!)).toBe(true);
    expect(pace.measured).toBe(20);
    expect(pace.rate).toBe(18);
    pace.sent();
    expect(pace.delay()).toBeCloseTo(1000 / 18, 5);
    c.advance(1000 / 18);
    expect(pace.delay()).toBe(0);
  });

  it('counts refusals of requests sent before the pace was set against the same window', () => {
    const c = clock();
    const pace = new Pace({ now: c.now });
    const sent = sendOver(pace, c, 30, 500);
    pace.limited(sent[20]!);
    expect(pace.rate).toBeCloseTo(0.9 * 29, 5);
    // Nine more of the same burst come back refused: only 20 went through.
    for (const at of sent.slice(21)) pace.limited(at);
    expect(pace.measured).toBe(20);
    expect(pace.rate).toBe(18);
    // A refusal of a request sent long before the window says nothing about it.
    expect(pace.limited(sent[0]! - 5_000)).toBe(false);
    expect(pace.rate).toBe(18);
  });

  it('a refusal at the pace kept lowers it again, below what went through', () => {
    const c = clock();
    const pace = new Pace({ now: c.now });
    pace.limited(sendOver(pace, c, 21, 500).at(-1)!);
    expect(pace.rate).toBe(18);
    c.advance(2_000);
    // A second run into the limit while keeping 18 a second: 17 of the 18 went through.
    const paced = sendOver(pace, c, 18, 1_000);
    expect(pace.limited(paced.at(-1)!)).toBe(true);
    expect(pace.rate).toBeCloseTo(0.9 * 17, 5);
  });

  it('measures nothing from a window with too few requests: no pace is guessed', () => {
    const c = clock();
    const pace = new Pace({ now: c.now });
    const sent = sendOver(pace, c, 2, 100);
    expect(pace.limited(sent[1]!)).toBe(false);
    expect(pace.rate).toBeUndefined();
  });

  it('grows a tenth after about ten seconds of answers at the pace, past the measure after a minute, and lifts it far above the measure', () => {
    const c = clock();
    const pace = new Pace({ now: c.now });
    pace.limited(sendOver(pace, c, 11, 500).at(-1)!);
    expect(pace.rate).toBe(9);
    for (let i = 0; i < 89; i++) expect(pace.answered()).toBe(false);
    expect(pace.answered()).toBe(true);
    expect(pace.rate).toBeCloseTo(9.9, 5);
    // Past the measured 10 a second it grows only after a minute's worth of answers: running into the
    // limit again would hold every request for the service's wait.
    for (let i = 0; i < 9.9 * 59; i++) expect(pace.answered()).toBe(false);
    for (let i = 0; i < 9.9 && pace.rate! < 10; i++) pace.answered();
    expect(pace.rate).toBeCloseTo(10.89, 5);
    // Answers keep coming without a refusal: it grows until it would reach twice the measured 10 a
    // second, and is then lifted (the limit has moved).
    const rates: number[] = [];
    for (let i = 0; i < 10_000 && pace.rate !== undefined; i++) {
      const before = pace.rate;
      if (pace.answered() && pace.rate !== undefined) rates.push(pace.rate);
      if (pace.rate === undefined) rates.push(before);
    }
    expect(pace.rate).toBeUndefined();
    expect(pace.delay()).toBe(0);
    expect(rates.at(-1)! * 1.1).toBeGreaterThanOrEqual(20);
    expect(rates.at(-1)!).toBeLessThan(20);
  });
});
