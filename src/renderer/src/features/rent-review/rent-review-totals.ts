// Totals of the leases the user keeps in a rent review preview, and the sentences that describe them:
// "Monthly rent +$3,120.00 across 250 leases", "Creates 2 drafts (200 + 50 changes)".
import { plural } from '../../../../shared/plural';
import type { RentReviewPreview, RentReviewRow } from '../../../../shared/drafts';
import { currencyDigits, sumMoney } from '../../../../shared/money';
import { MAX_CHANGES_PER_BATCH } from '../../../../shared/service';

export interface KeptTotals {
  /** Leases the review found. */
  leases: number;
  /** Leases the rule changes (not skipped). */
  eligible: number;
  /** Eligible leases the user kept. */
  kept: number;
  current: number;
  proposed: number;
  delta: number;
  /** Changes per draft, in order: every part but the last is full. */
  parts: number[];
}

/** Rows are in currency units of `currency`; they are summed in its minor units, so they add up exactly. */
export function keptTotals(
  rows: readonly RentReviewRow[],
  left: ReadonlySet<string>,
  currency: string,
): KeptTotals {
  const spec = { unit: 'major', digits: currencyDigits(currency) } as const;
  let eligible = 0;
  const keptRows: RentReviewRow[] = [];
  for (const row of rows) {
    if (row.skipped !== null) continue;
    eligible += 1;
    if (!left.has(row.leaseId)) keptRows.push(row);
  }
  const kept = keptRows.length;
  const current = sumMoney(
    keptRows.map((r) => r.current),
    spec,
  );
  const proposed = sumMoney(
    keptRows.map((r) => r.proposed),
    spec,
  );
  const parts: number[] = [];
  for (let rest = kept; rest > 0; rest -= MAX_CHANGES_PER_BATCH)
    parts.push(Math.min(rest, MAX_CHANGES_PER_BATCH));
  return {
    leases: rows.length,
    eligible,
    kept,
    current,
    proposed,
    delta: sumMoney([proposed, -current], spec),
    parts,
  };
}

/** The IDs to send to main: eligible, not left out, in preview order. */
export function keptLeaseIds(rows: readonly RentReviewRow[], left: ReadonlySet<string>): string[] {
  return rows.filter((r) => r.skipped === null && !left.has(r.leaseId)).map((r) => r.leaseId);
}

export function draftsSentence(parts: readonly number[]): string {
  if (parts.length === 0) return 'Creates no draft: no lease is included.';
  if (parts.length === 1) return `Creates 1 draft (${plural(parts[0]!, 'change')})`;
  return `Creates ${parts.length} drafts (${parts.map((p) => p.toLocaleString()).join(' + ')} changes)`;
}

/**
 * " · 12 leases found, 2 skipped (greyed, with the reason), 1 left out by you · read 10:04:11": what
 * the preview read and kept, and where from, after the drafts it makes.
 */
export function foundWords(preview: RentReviewPreview, totals: KeptTotals): string {
  const found = preview.rows.length;
  const skipped = totals.leases - totals.eligible;
  const leftOut = totals.eligible - totals.kept;
  const source = preview.fromCopy
    ? `from the offline copy as of ${new Date(preview.asOf).toLocaleString()}`
    : `read ${new Date(preview.asOf).toLocaleTimeString()}`;
  return [
    ' · ',
    `${found.toLocaleString()} lease${found === 1 ? '' : 's'} found`,
    skipped > 0 ? `, ${skipped.toLocaleString()} skipped (greyed, with the reason)` : '',
    leftOut > 0 ? `, ${leftOut.toLocaleString()} left out by you` : '',
    ' · ',
    source,
  ].join('');
}

/** "+$3,120.00" / "−$40.00" / "$0.00": a signed amount, formatted by the caller's money format. */
export function signed(delta: number, format: (n: number) => string): string {
  if (delta > 0) return `+${format(delta)}`;
  return format(delta);
}

export function changeSentence(
  fieldLabel: string,
  totals: Pick<KeptTotals, 'delta' | 'kept'>,
  format: (n: number) => string,
): string {
  return `${fieldLabel} ${signed(totals.delta, format)} across ${plural(totals.kept, 'lease')}`;
}
