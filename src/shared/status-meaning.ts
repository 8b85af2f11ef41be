// What a record's status means to a landlord, so every screen colours and words it alike: settled or
// running (ok), wanting attention soon (attention), money owed or work failed (owed), over and done
// with (quiet). The service's documentation fixes no status values and each contract has its own enum,
// so the meaning is read from the value's words as property systems commonly use them ("notice_given",
// "in_progress", "settled"); a value none of them describes is shown plainly, never guessed at.
// A payment is judged by its facts first (paymentState): whether it has a paid date and when it was due.
// When PropDesk drafts a status itself (a renewal's new lease, a unit on notice) it chooses the value
// the same way, by its words (statusValueFor), and says so when the contract has none that fits.

export const STATUS_TONES = ['ok', 'attention', 'owed', 'quiet', 'plain'] as const;
export type StatusTone = (typeof STATUS_TONES)[number];

// Whole values first ("make_ready" is not about being ready), then single words of the value.
const WHOLE: Record<string, StatusTone> = {
  make_ready: 'attention',
  notice_given: 'attention',
  in_progress: 'attention',
  on_hold: 'attention',
  not_due: 'plain',
};

const WORDS: ReadonlyArray<[StatusTone, readonly string[]]> = [
  ['owed', ['unpaid', 'overdue', 'delinquent', 'arrears', 'defaulted', 'bounced', 'failed', 'evicted']],
  [
    'attention',
    [
      'late',
      'pending',
      'due',
      'notice',
      'open',
      'logged',
      'booked',
      'scheduled',
      'waiting',
      'refurbishing',
      'renovation',
      'incoming',
      'upcoming',
      'draft',
      'vacant',
      'empty',
      'partial',
      'urgent',
      'emergency',
    ],
  ],
  [
    'ok',
    [
      'paid',
      'settled',
      'received',
      'cleared',
      'active',
      'current',
      'occupied',
      'let',
      'live',
      'completed',
      'complete',
      'done',
      'resolved',
      'verified',
      'approved',
    ],
  ],
  [
    'quiet',
    [
      'ended',
      'former',
      'past',
      'closed',
      'cancelled',
      'canceled',
      'inactive',
      'archived',
      'expired',
      'terminated',
      'void',
    ],
  ],
];

/** The tone of a status value by its words; 'plain' when none says what it means. */
export function statusTone(value: string): StatusTone {
  const key = value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  const whole = WHOLE[key];
  if (whole) return whole;
  const words = key.split('_').filter(Boolean);
  for (const [tone, list] of WORDS) if (words.some((w) => list.includes(w))) return tone;
  return 'plain';
}

/** Where a payment stands on a day, from its facts: paid, owed (due and unpaid), or not yet due. */
export type PaymentState = 'paid' | 'owed' | 'not_due' | 'unknown';

/**
 * The facts of a payment under the roles' names (due_date, paid_date, status; see field-roles.ts):
 * with a paid-date field in the contract a payment is paid once it has one; without it, when its
 * status reads as settled. `day` is YYYY-MM-DD; a payment paid after the day was still owed on it.
 */
export function paymentState(
  payment: Readonly<Record<string, unknown>>,
  day: string,
  hasPaidDate: boolean,
): PaymentState {
  const due = isoDay(payment.due_date);
  const paid = hasPaidDate
    ? isoDay(payment.paid_date) !== null && isoDay(payment.paid_date)! <= day
    : typeof payment.status === 'string' && statusTone(payment.status) === 'ok';
  if (paid) return 'paid';
  if (due === null) return 'unknown';
  return due < day ? 'owed' : 'not_due';
}

/** The chip's tone for a payment: its facts decide, the status word only shades a paid one. */
export function paymentTone(state: PaymentState, status: string | null): StatusTone {
  switch (state) {
    case 'owed':
      return 'owed';
    case 'not_due':
      return 'plain';
    case 'paid': {
      // "late" but paid: settled, with the paid date beside it, yet not like a payment made on time.
      const tone = status === null ? 'ok' : statusTone(status);
      return tone === 'owed' || tone === 'attention' ? 'attention' : 'ok';
    }
    case 'unknown':
      return status === null ? 'plain' : statusTone(status);
  }
}

function isoDay(value: unknown): string | null {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;
}

/**
 * What a status PropDesk drafts must say: a lease signed to start later (a renewal), a unit whose
 * tenant gave notice, an old lease that was renewed. Words best first.
 */
export const STATUS_PURPOSES = {
  upcoming: ['pending', 'upcoming', 'future', 'signed', 'incoming', 'booked', 'draft'],
  notice: ['notice'],
  renewed: ['renewed', 'renewal', 'renewing'],
} as const;
export type StatusPurpose = keyof typeof STATUS_PURPOSES;

/** Words that turn a value around: "not_renewing" is no renewal, "notice_withdrawn" no notice. */
const NEGATING = ['not', 'no', 'non', 'declined', 'refused', 'withdrawn', 'cancelled', 'canceled'];

const valueWords = (value: string) =>
  value
    .trim()
    .toLowerCase()
    .split(/[\s_-]+/)
    .filter(Boolean);

/**
 * What a payment's status says of money that has a received date: it came (paid, settled; "late"
 * but paid too), it did not or went back (bounced, refunded, void; "unpaid" beside a date is a
 * contradiction, not a receipt), or the words do not say (a value no rule knows, a part payment).
 */
export type ReceiptWord = 'came' | 'not_came' | 'unsaid';

const RECEIPT_WORDS: ReadonlyArray<[ReceiptWord, readonly string[]]> = [
  [
    'not_came',
    [
      'unpaid',
      'not',
      'bounced',
      'failed',
      'returned',
      'refunded',
      'reversed',
      'void',
      'voided',
      'cancelled',
      'canceled',
      'declined',
      'rejected',
      'chargeback',
      'written',
      'pending',
      'due',
      'overdue',
      'outstanding',
      'scheduled',
      'draft',
    ],
  ],
  ['unsaid', ['partial', 'partially', 'part', 'disputed']],
  [
    'came',
    ['paid', 'settled', 'received', 'cleared', 'collected', 'deposited', 'completed', 'complete', 'late'],
  ],
];

/** The receipt a payment's status word tells of, its words read as statusTone reads them. */
export function receiptWord(status: string): ReceiptWord {
  const words = valueWords(status);
  for (const [reading, list] of RECEIPT_WORDS) if (words.some((w) => list.includes(w))) return reading;
  return 'unsaid';
}

/**
 * The value among the contract's (`values`) that says the purpose, by the first of its words that
 * one value alone holds; null when none does, or every word is held by several at once.
 */
export function statusValueFor(values: readonly string[], purpose: StatusPurpose): string | null {
  const plain = values.filter((v) => !valueWords(v).some((w) => NEGATING.includes(w)));
  for (const word of STATUS_PURPOSES[purpose]) {
    const found = plain.filter((v) => valueWords(v).includes(word));
    if (found.length === 1) return found[0]!;
  }
  return null;
}
