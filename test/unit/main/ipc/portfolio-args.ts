// The portfolio channels' arguments for the IPC fuzzer: valid ones (a view, with or without a focus
// that narrows it) and broken ones (a focus that does not fit the view, or is malformed).
import fc from 'fast-check';

const idArb = fc.stringMatching(/^[A-Za-z0-9_.:-]{1,40}$/);
const safeText = fc.stringMatching(/^[A-Za-z0-9 ,.'-]{1,60}$/).filter((s) => s.trim().length > 0);
const portfolioView = fc.constantFrom('rent-roll', 'expirations', 'vacancy', 'delinquency', 'maintenance');

/** A view with no focus, or with a focus of a kind that narrows that view. */
export const portfolioViewArgs = fc.oneof(
  fc.record({ view: portfolioView }),
  fc.record({
    view: fc.constant('expirations'),
    focus: fc.oneof(
      fc
        .record({ y: fc.integer({ min: 2000, max: 2100 }), m: fc.integer({ min: 1, max: 12 }) })
        .map(({ y, m }) => ({ kind: 'month', month: `${y}-${String(m).padStart(2, '0')}` })),
      fc.constant({ kind: 'month-to-month' }),
    ),
  }),
  fc.record({
    view: fc.constantFrom('vacancy', 'rent-roll'),
    focus: fc.record({ kind: fc.constant('property'), propertyId: fc.oneof(idArb, fc.constant(null)) }),
  }),
  fc.record({ view: fc.constant('vacancy'), within: fc.constantFrom(30, 60, 90, 120) }),
  fc.record({
    view: fc.constant('rent-roll'),
    focus: fc
      .tuple(fc.integer({ min: -5000, max: 5000 }), fc.integer({ min: 1, max: 1000 }))
      .map(([from, width]) => ({ kind: 'rent-gap', from, to: from + width })),
  }),
  fc.record({
    view: fc.constant('delinquency'),
    focus: fc.record({
      kind: fc.constant('overdue'),
      bucket: fc.constantFrom('age_0_30', 'age_31_60', 'age_61_90', 'age_90_plus'),
    }),
  }),
  fc.record({
    view: fc.constant('maintenance'),
    focus: fc.oneof(
      fc.record({ kind: fc.constant('priority'), priority: fc.oneof(safeText, fc.constant(null)) }),
      fc.record({
        kind: fc.constant('open-age'),
        bucket: fc.constantFrom('age_0_7', 'age_8_30', 'age_31_90', 'age_90_plus', 'age_unknown'),
      }),
    ),
  }),
);

export const brokenFocusArgs = [
  fc.record({
    view: fc.constant('vacancy'),
    focus: fc.constant({ kind: 'month', month: '2027-03' }),
  }),
  fc.record({
    view: fc.constant('expirations'),
    focus: fc.constantFrom(
      { kind: 'month', month: '2027-13' },
      { kind: 'month', month: '2027-3' },
      { kind: 'month-to-month', extra: 1 },
      { kind: 'someday' },
    ),
  }),
  fc.record({
    view: fc.constant('rent-roll'),
    focus: fc.constantFrom(
      { kind: 'rent-gap', from: 100, to: 100 },
      { kind: 'rent-gap', from: 'low', to: 5 },
      { kind: 'property', propertyId: 'a b' },
    ),
  }),
  fc.record({
    view: fc.constant('delinquency'),
    focus: fc.constant({ kind: 'overdue', bucket: 'age_120_plus' }),
  }),
  // A window the board does not offer, of the wrong type, or on a view that does not look ahead.
  fc.record({
    view: fc.constant('vacancy'),
    within: fc.constantFrom(0, 45, -90, 90.5, 365, '90', null, Number.NaN),
  }),
  fc.record({ view: fc.constantFrom('rent-roll', 'expirations'), within: fc.constant(90) }),
];
