// What is the same for every batch on screen, said once above them: the service's message on recording
// (word for word, folded away, one line per distinct message) and who approves. Both concern only
// batches with suggestions still waiting: once a batch is decided its message would read as a claim
// about now ("nothing has changed yet") that is no longer true.
import type { TrackedBatch } from '../../../../shared/suggestions';
import { ApproverNote } from '../review/approver-note';
import { batchStanding, recordedMessage } from './batch-standing';

export function ServiceWords({ batches }: { batches: readonly TrackedBatch[] }) {
  const waiting = batches.filter((b) => batchStanding(b).proposed > 0);
  const messages = new Map<string, number>();
  for (const b of waiting) {
    const m = b.message?.trim();
    if (m) messages.set(m, (messages.get(m) ?? 0) + 1);
  }
  const approver = waiting.some((b) => b.hasReviewLink);
  if (messages.size === 0 && !approver) return null;
  return (
    <div className="suggestions-service-words">
      {messages.size > 0 ? (
        <details className="suggestions-message">
          <summary>What the service said when it recorded the waiting batches</summary>
          {[...messages].map(([message, count]) => (
            <p key={message}>{recordedMessage(message, count)}</p>
          ))}
        </details>
      ) : null}
      {approver ? <ApproverNote /> : null}
    </div>
  );
}
