// The concurrency arithmetic: grown by one per answer until the first refusal (slow start), halved once
// per burst of refusals, then grown by one per full round of answers while the limit was what held
// requests back, and kept within its bounds.
import { describe, expect, it } from 'vitest';
import { AdaptiveLimit } from '../../../../../src/main/api/scheduler/adaptive-limit';

describe('AdaptiveLimit', () => {
  it('halves once for a burst of refusals of requests sent under the same limit', () => {
    const limit = new AdaptiveLimit({ initial: 16, min: 1, max: 32 });
    const marks = Array.from({ length: 16 }, () => limit.mark());
    expect(limit.overloaded(marks[0]!)).toBe(true);
    for (const mark of marks.slice(1)) expect(limit.overloaded(mark)).toBe(false);
    expect(limit.current).toBe(8);
    // A refusal of a request sent after the cut cuts again.
    expect(limit.overloaded(limit.mark())).toBe(true);
    expect(limit.current).toBe(4);
  });

  it('never goes below its minimum', () => {
    const limit = new AdaptiveLimit({ initial: 2, min: 1, max: 8 });
    limit.overloaded(limit.mark());
    expect(limit.overloaded(limit.mark())).toBe(false);
    expect(limit.current).toBe(1);
  });

  it('until the service first refuses, grows by one per answer while every slot was in use', () => {
    const limit = new AdaptiveLimit({ initial: 4, min: 1, max: 10 });
    // A round of four answers doubles it; it stops at its maximum.
    for (let i = 0; i < 4; i++) expect(limit.answered(true)).toBe(true);
    expect(limit.current).toBe(8);
    for (let i = 0; i < 8; i++) limit.answered(true);
    expect(limit.current).toBe(10);
  });

  it('after a refusal, grows by one per round of answers while every slot was in use, up to its maximum', () => {
    const limit = new AdaptiveLimit({ initial: 6, min: 1, max: 6 });
    expect(limit.overloaded(limit.mark())).toBe(true);
    expect(limit.current).toBe(3);
    for (let i = 0; i < 2; i++) expect(limit.answered(true)).toBe(false);
    expect(limit.answered(true)).toBe(true);
    expect(limit.current).toBe(4);
    for (let i = 0; i < 4; i++) limit.answered(true);
    expect(limit.current).toBe(5);
    for (let i = 0; i < 5; i++) limit.answered(true);
    expect(limit.current).toBe(6);
    for (let i = 0; i < 100; i++) limit.answered(true);
    expect(limit.current).toBe(6);
  });

  it('does not grow while the limit holds nothing back', () => {
    const limit = new AdaptiveLimit({ initial: 4, min: 1, max: 32 });
    for (let i = 0; i < 100; i++) limit.answered(false);
    expect(limit.current).toBe(4);
  });

  it('refuses bounds that contradict each other', () => {
    expect(() => new AdaptiveLimit({ initial: 40, min: 1, max: 32 })).toThrow(RangeError);
    expect(() => new AdaptiveLimit({ initial: 4, min: 0, max: 32 })).toThrow(RangeError);
  });
});
