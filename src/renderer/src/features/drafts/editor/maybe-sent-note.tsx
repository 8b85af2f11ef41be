// A draft that may already have been sent: PropDesk lost the record of its submission when it repaired
// a damaged database, so the draft is editable again instead of waiting for ever, and says so; when
// the suggestions poll finds a batch with its name, the note leads there.
import type { DraftDetail } from '../../../../../shared/drafts';
import { formatMoment } from '../../../../../shared/date-style';
import { formatRoute } from '../../../router/routes';
import { Alert } from '../../../ui/alert';

export function MaybeSentNote({ draft }: { draft: DraftDetail }) {
  const maybe = draft.maybeSent;
  if (!maybe || draft.state !== 'editing') return null;
  return (
    <Alert tone="warn" label="May already have been sent">
      PropDesk lost the record of sending this draft when it repaired its damaged database on{' '}
      {formatMoment(maybe.since)}, so it cannot tell whether the service received it.{' '}
      {maybe.batchId ? (
        <>
          The service has a batch with this draft&apos;s name: it is probably this draft.{' '}
          <a href={formatRoute({ view: 'suggestions', query: { batch: maybe.batchId } })}>
            See it in Suggestions
          </a>
          .
        </>
      ) : (
        'If a batch with its name appears in Suggestions, it was sent.'
      )}{' '}
      Submitting it again asks you first.
    </Alert>
  );
}
