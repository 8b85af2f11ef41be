// Where a draft stands, in the words the screens use. A sent draft is "sent" as suggestions, never
// "updated" or "saved to the service": nothing changes until a person approves it.
import { assertNever } from '../../../../shared/app-error';
import type { DraftSummary } from '../../../../shared/drafts';

export type DraftPhase =
  'editing' | 'waiting' | 'held' | 'sending' | 'sent' | 'conflict' | 'rejected' | 'cancelled';

export function draftPhase(draft: Pick<DraftSummary, 'state' | 'submission'>): DraftPhase {
  switch (draft.state) {
    case 'editing': {
      const s = draft.submission?.state;
      if (s === 'conflict' || s === 'rejected' || s === 'cancelled') return s;
      return 'editing';
    }
    case 'submitting':
      // Main holds it: the connection moved to another server than the one it was made for.
      if (draft.submission?.held) return 'held';
      return draft.submission?.state === 'sending' ? 'sending' : 'waiting';
    case 'submitted':
      return 'sent';
    default:
      return assertNever(draft.state, 'draft state');
  }
}

export const PHASE_LABELS: Record<DraftPhase, string> = {
  editing: 'Editing',
  waiting: 'Waiting to send',
  held: 'Held — the server changed',
  sending: 'Sending — outcome not known yet',
  sent: 'Sent for review',
  conflict: 'Not sent — request conflict',
  rejected: 'Refused by the service',
  cancelled: 'Editing — submission cancelled',
};

/** Only a draft being edited accepts changes; main freezes it from submit until the outcome is known. */
export function isEditable(draft: Pick<DraftSummary, 'state'>): boolean {
  return draft.state === 'editing';
}
