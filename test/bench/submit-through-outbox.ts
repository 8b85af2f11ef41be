// One batch submitted as the app submits it: a draft, its submission queued in the outbox tables with
// its request key, sent to the service, and recorded as sent, so the suggestions' tables track it.
import type { ApiClient } from '../../src/main/api/api-client';
import type { Store } from '../../src/main/store/open-store';
import type { DraftChangeInput } from '../../src/shared/drafts';

export async function submitThroughOutbox(
  store: Store,
  connectionId: string,
  client: ApiClient,
  label: string,
  changes: ReadonlyArray<DraftChangeInput & { resourceId: string }>,
) {
  const draftId = store.drafts.create(connectionId, label, changes);
  const body = JSON.stringify({ label, changes });
  const submissionId = store.outbox.enqueue(connectionId, draftId, 0, body);
  const key = store.outbox.pending(connectionId).find((p) => p.id === submissionId)!.idempotencyKey;
  const answer = await client.submitBatch(body, key);
  store.outbox.recordSent(
    submissionId,
    answer,
    label,
    changes.map((c) => ({ resourceId: c.resourceId, fields: c.fields })),
  );
  return answer;
}
