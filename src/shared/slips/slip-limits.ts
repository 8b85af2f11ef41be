// Where a drafted value looks like a slip of the keyboard rather than a decision: the limits the
// submit dialog warns at, in one place, so each warning can state the limit it used. A warning never
// stops a submit; it asks the landlord to look once more.

/** A money field changed by more than this share of its current value is worth a second look. */
export const MONEY_CHANGE_PERCENT = 25;

/** A new value within this share of ten times (or a tenth of) the old one reads as an extra (missing) digit. */
export const DIGIT_SLIP_TOLERANCE = 0.05;

/** A deposit above this many months of the record's rent is worth a second look. */
export const DEPOSIT_MONTHS_OF_RENT = 3;

/**
 * Words of a date field's name that say it lies ahead: an end, an expiry, a scheduled visit, a
 * renewal. (A due or move-in date is often recorded after the fact, so it is not here.) A value before today in such a field is more often a wrong year than a plan.
 */
export const FUTURE_DATE_WORDS: readonly string[] = [
  'end',
  'ends',
  'expire',
  'expires',
  'expiry',
  'expiration',
  'until',
  'scheduled',
  'renewal',
  'next',
];

/** Words of a date field's name that say it starts something (paired with an end to check their order). */
export const START_DATE_WORDS: readonly string[] = [
  'start',
  'starts',
  'begin',
  'begins',
  'commence',
  'commences',
  'from',
];

/** Words of a date field's name that say it ends something. */
export const END_DATE_WORDS: readonly string[] = [
  'end',
  'ends',
  'expire',
  'expires',
  'expiry',
  'expiration',
  'until',
];

/** Words of a money field's name that say it is a deposit, and that it is the rent. */
export const DEPOSIT_WORDS: readonly string[] = ['deposit', 'bond', 'security'];
export const RENT_WORDS: readonly string[] = ['rent'];
