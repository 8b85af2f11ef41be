// A draft that may already have been sent (its submission's record was lost when a damaged database
// was salvaged) is sent again only with the user's word, asked in main's own message box: a page
// that misbehaves can neither answer nor skip it, and a second batch at the service is not undone.
import { UserError } from '../base/user-error';
import type { Confirmation, ConfirmWithUser } from '../confirmation';
import type { DraftRow } from '../store/draft-repo';

function question(row: DraftRow): Confirmation {
  const found = row.maybeSent?.batchId
    ? `The service has a batch with this draft's name (${row.maybeSent.batchId}): it is probably this draft, already sent.`
    : 'Look in Suggestions for a batch with its name first: if it is there, this draft was already sent.';
  return {
    title: 'This draft may already have been sent',
    message: `Send "${row.label}" again?`,
    detail: `PropDesk lost the record of sending this draft when it repaired its damaged database, so it cannot tell whether the service received it. ${found} Sending it again makes a second batch of the same suggestions.`,
    confirm: 'Send again',
    cancel: 'Do not send',
  };
}

/** Resolves when the draft may be sent: at once, or after the user agreed; refused otherwise. */
export async function agreeToSendAgain(row: DraftRow, confirm: ConfirmWithUser): Promise<void> {
  if (!row.maybeSent) return;
  if (await confirm(question(row))) return;
  throw new UserError(
    'not_sent',
    'Not sent: this draft may already be at the service. Look for a batch with its name in Suggestions.',
  );
}
