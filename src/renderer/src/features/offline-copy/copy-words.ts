// What the offline copy's state is called on screen (status bar, Today, the offline copy screen), in
// plain words: being made, being updated, stopped, or how old it is. Pure, so the words are tested.
import type { OfflineCopyStatus } from '../../../../shared/portfolio';
import { assertNever } from '../../../../shared/app-error';
import { formatValue } from '../../lib/format';

/** "21 Nov 2026, 09:14" in the OS locale: when the copy (or a listing of it) was read. */
export function formatAsOf(iso: string): string {
  return formatValue(iso);
}

/** The oldest as-of time over collections with a copy, or null when there is none. */
export function oldestAsOf(status: OfflineCopyStatus | undefined): string | null {
  const times = (status?.collections ?? []).map((c) => c.asOf).filter((t): t is string => t !== null);
  return times.length ? times.sort()[0]! : null;
}

export type CopyTone = 'busy' | 'ok' | 'problem' | 'none';

/** One line on the copy: what it is doing or how old it is, and how it should look. */
export function copyLine(status: OfflineCopyStatus): { text: string; tone: CopyTone } {
  const asOf = oldestAsOf(status);
  const percent = `${Math.round(status.progress * 100)} %`;
  const aged = asOf ? { text: `Offline copy as of ${formatAsOf(asOf)}`, tone: 'ok' as const } : null;
  switch (status.state) {
    case 'running':
      return {
        // Collections come in one by one: until every one has a copy, the copy is still being made.
        text: `${status.collections.every((c) => c.asOf) ? 'Updating' : 'Making'} the offline copy… ${percent}`,
        tone: 'busy',
      };
    case 'failed':
      return { text: status.message ?? 'The offline copy could not be finished.', tone: 'problem' };
    case 'idle':
    case 'done':
    case 'cancelled':
      if (!status.keepCopy) return { text: 'No offline copy kept on this computer', tone: 'none' };
      return aged ?? { text: 'No offline copy yet', tone: 'none' };
    default:
      return assertNever(status.state, 'offline copy state');
  }
}
