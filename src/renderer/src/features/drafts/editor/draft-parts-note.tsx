// Where a draft sent in parts stands, in words: a draft whose changes cannot all go at once (a new
// tenancy's lease names the tenant drafted with it, who has no ID until a person approves them) says
// how it will be sent; a later part says what it waits for, and when it is ready to review and submit.
import type { DraftDetail } from '../../../../../shared/drafts';
import { formatRoute } from '../../../router/routes';
import { Alert } from '../../../ui/alert';
import { resourceNoun } from '../../../../../shared/service';

const count = (n: number, one: string) => `${n === 1 ? 'one' : n} ${n === 1 ? one : `${one}s`}`;

/** How a draft with later changes goes: the changes that can go now first, the others after approval. */
function PlanOfParts({ draft }: { draft: DraftDetail }) {
  const later = draft.later ?? [];
  if (!draft.parts || later.length === 0) return null;
  const going = draft.changes.length - later.length;
  const waitsFor = [
    ...new Set(
      draft.changes.flatMap((c) =>
        (c.links ?? []).filter((l) => l.state === 'drafted').map((l) => resourceNoun(l.resourceType)),
      ),
    ),
  ].join(' and ');
  return (
    <Alert tone="info" label="Sent in parts">
      This draft goes in {draft.parts.of} parts: the service gives a new {waitsFor} an ID only when a person
      approves it, so one batch cannot carry both. Submitting sends part {draft.parts.part} now (
      {count(going, 'change')}, labelled as part {draft.parts.part} of {draft.parts.of} for the reviewer). The{' '}
      {count(later.length, 'change')} that {later.length === 1 ? 'names' : 'name'} the new {waitsFor}{' '}
      {later.length === 1 ? 'stays in a draft of its own' : 'stay in a draft of their own'}; once the{' '}
      {waitsFor} is approved PropDesk fills it in and tells you that part is ready to review and submit.
    </Alert>
  );
}

/** Where a later part stands. */
function LaterPartNote({ draft }: { draft: DraftDetail }) {
  const part = draft.laterPart;
  if (!part || draft.state !== 'editing') return null;
  const noun = part.waitsFor.map((t) => resourceNoun(t)).join(' and ');
  const earlier = part.afterBatchId ? (
    <>
      {' '}
      <a href={formatRoute({ view: 'suggestions', query: { batch: part.afterBatchId } })}>
        See the earlier part in Suggestions
      </a>
      .
    </>
  ) : null;
  switch (part.state) {
    case 'waiting':
      return (
        <Alert tone="info" label="Waiting for an earlier part">
          Waiting for the new {noun} to be approved at the service. You can edit this part meanwhile; it can
          be submitted once the {noun} is approved and filled in.{earlier}
        </Alert>
      );
    case 'choose':
      return (
        <Alert tone="warn" label="Choose the new record">
          {part.note ?? `The new ${noun} was approved: choose below which record it created.`}
          {earlier}
        </Alert>
      );
    case 'ready':
      return (
        <Alert tone="info" label="Ready to submit">
          The new {noun} was approved and is filled in below: this part is ready to review and submit.
        </Alert>
      );
    case 'ended':
      return (
        <Alert label="The earlier part ended">
          {part.note ?? `The new ${noun} will not be created.`}
          {earlier}
        </Alert>
      );
  }
}

export function DraftPartsNote({ draft }: { draft: DraftDetail }) {
  return (
    <>
      <LaterPartNote draft={draft} />
      <PlanOfParts draft={draft} />
    </>
  );
}
