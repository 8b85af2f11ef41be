// The suggestions service screen's pure parts: flags of any JSON shape made readable, expiry countdowns
// highlighted under a day, and the filters kept in the route.
import { describe, expect, it } from 'vitest';
import {
  describeFlag,
  plainNumbers,
} from '../../../../../src/renderer/src/features/suggestions/describe-flag';
import { formatMoney } from '../../../../../src/renderer/src/lib/format-money';
import { expiryCountdown } from '../../../../../src/renderer/src/features/suggestions/expiry-countdown';
import {
  countByStatus,
  filtersFromQuery,
  queryFromFilters,
  visibleBatches,
} from '../../../../../src/renderer/src/features/suggestions/suggestions-filters';
import type { TrackedBatch } from '../../../../../src/shared/suggestions';

describe('flags of any shape', () => {
  it('reads the usual message-and-severity shape', () => {
    expect(
      describeFlag(
        { code: 'large_rent_increase', severity: 'warning', message: 'Rent rises by 20 %' },
        plainNumbers,
      ),
    ).toEqual({
      text: 'Rent rises by 20 %',
      tone: 'warning',
      // The code is for machines: the message already says it in words.
      details: [],
    });
  });
  it('turns anything else into plain words, never throwing', () => {
    const shapes: unknown[] = [
      'plain text',
      42,
      true,
      null,
      undefined,
      [],
      ['a', { b: 1 }],
      {},
      { code: 'no_change' },
      { level: 'ERROR', detail: 'Blocked', extra: { nested: [1, 2] } },
      { weird: { deep: { deeper: 'x'.repeat(1000) } } },
    ];
    for (const shape of shapes) {
      const view = describeFlag(shape, plainNumbers);
      expect(view.text.length).toBeGreaterThan(0);
      expect(view.text.length).toBeLessThanOrEqual(300);
      expect(view.text).not.toMatch(/^\{|\[object Object\]/);
    }
    expect(describeFlag({ code: 'no_change' }, plainNumbers).text).toBe('No change');
    expect(
      describeFlag({ level: 'ERROR', detail: 'Blocked', extra: { nested: [1, 2] } }, plainNumbers),
    ).toEqual({
      text: 'Blocked',
      tone: 'warning',
      details: ['Extra: Nested: 1, 2'],
    });
  });
});

describe('numbers in flags', () => {
  it('writes a number under a money field as every other amount is written', () => {
    const numbers = (key: string | null, n: number) =>
      key === 'monthly_rent' ? formatMoney(n, 'USD') : String(n);
    const view = describeFlag(
      { code: 'large_rent_increase', message: 'Rent rises', monthly_rent: 2895, percent: 12 },
      numbers,
    );
    expect(view.details).toEqual([`Monthly rent: ${formatMoney(2895, 'USD')}`, 'Percent: 12']);
    expect(view.details[0]).toMatch(/^Monthly rent: .*2,895\.00$/);
  });
});

describe('expiry countdown', () => {
  const now = Date.parse('2025-03-01T12:00:00Z');
  it('says how long is left and highlights under 24 hours', () => {
    expect(expiryCountdown('2025-03-03T12:00:00Z', now)).toEqual({ text: 'Expires in 2 days', soon: false });
    expect(expiryCountdown('2025-03-02T08:00:00Z', now)).toEqual({ text: 'Expires in 20 hours', soon: true });
    expect(expiryCountdown('2025-03-01T12:30:00Z', now)).toEqual({
      text: 'Expires in 30 minutes',
      soon: true,
    });
    expect(expiryCountdown('2025-03-01T11:00:00Z', now).soon).toBe(true);
    expect(expiryCountdown('not a date', now)).toEqual({ text: 'Expiry unknown', soon: false });
  });
});

describe('suggestions filters', () => {
  const batch = (
    batchId: string,
    statuses: Array<['proposed' | 'applied' | 'dismissed' | 'expired', string]>,
  ) =>
    ({
      batchId,
      origin: 'app',
      label: batchId,
      submittedAt: null,
      draftId: null,
      message: null,
      hasReviewLink: true,
      proposals: statuses.map(([status, resourceType], i) => ({
        id: `${batchId}-${i}`,
        batchId,
        operation: 'update',
        resourceType,
        resourceId: null,
        summary: '',
        status,
        flags: [],
        expiresAt: '',
        fields: null,
        events: [],
        live: null,
      })),
    }) satisfies TrackedBatch;
  const batches = [
    batch('b1', [
      ['proposed', 'lease'],
      ['applied', 'unit'],
    ]),
    batch('b2', [
      ['proposed', 'unit'],
      ['expired', 'lease'],
    ]),
  ];
  it('keeps the status tab, type and batch in the query and selects accordingly', () => {
    const f = filtersFromQuery({ status: 'expired', type: 'lease' });
    expect(queryFromFilters(f)).toEqual({ status: 'expired', type: 'lease' });
    expect(filtersFromQuery({ status: 'bogus' }).status).toBe('proposed');
    expect(countByStatus(batches, f)).toEqual({ proposed: 1, applied: 0, dismissed: 0, expired: 1 });
    expect(visibleBatches(batches, f).map((v) => v.proposals.map((p) => p.id))).toEqual([['b2-1']]);
    const byBatch = filtersFromQuery({ batch: 'b1' });
    expect(visibleBatches(batches, byBatch).map((v) => v.batch.batchId)).toEqual(['b1']);
  });
});

describe('suggestions decided since a day (Today’s “recently decided”)', () => {
  const applied = (id: string, at: string) => ({
    id,
    batchId: 'b1',
    operation: 'update',
    resourceType: 'lease',
    resourceId: null,
    summary: '',
    status: 'applied' as const,
    flags: [],
    expiresAt: '',
    fields: null,
    events: [
      { status: 'proposed' as const, at: '2026-11-01T09:00:00Z' },
      { status: 'applied' as const, at },
    ],
    live: null,
  });
  const batch: TrackedBatch = {
    batchId: 'b1',
    origin: 'app',
    label: 'b1',
    submittedAt: null,
    draftId: null,
    message: null,
    hasReviewLink: true,
    proposals: [applied('old', '2026-11-16T23:59:00Z'), applied('new', '2026-11-17T00:01:00Z')],
  };

  it('keeps only those decided on or after it, and travels in the route', () => {
    const f = filtersFromQuery({ status: 'applied', since: '2026-11-17' });
    expect(f.since).toBe('2026-11-17');
    expect(queryFromFilters(f)).toEqual({ status: 'applied', since: '2026-11-17' });
    expect(filtersFromQuery({ since: 'last week' }).since).toBeNull();
    expect(visibleBatches([batch], f)[0]!.proposals.map((p) => p.id)).toEqual(['new']);
    expect(countByStatus([batch], f).applied).toBe(1);
    expect(countByStatus([batch], { ...f, since: null }).applied).toBe(2);
  });
});
