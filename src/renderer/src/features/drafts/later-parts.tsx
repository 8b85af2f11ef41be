// The later parts of drafts sent in parts (a new tenancy's lease, after its tenant), listed where the
// landlord looks for what needs them (Today, Suggestions): each with where it stands, in words, and a
// link to the draft. A part that is ready, has a record to choose, or ended is said first.
import type { DraftSummary } from '../../../../shared/drafts';
import { formatRoute } from '../../router/routes';
import { useDraftList } from './use-drafts-api';
import { resourceNoun } from '../../../../shared/service';

const ORDER = { choose: 0, ready: 1, ended: 2, waiting: 3 } as const;

/** Where a later part stands, in a sentence. */
export function laterPartWords(draft: DraftSummary): string {
  const part = draft.laterPart!;
  const noun = part.waitsFor.map((t) => resourceNoun(t)).join(' and ');
  switch (part.state) {
    case 'waiting':
      return `Waiting for the new ${noun} to be approved; it can still be edited.`;
    case 'choose':
      return `The new ${noun} was approved: choose which record it created, then submit.`;
    case 'ready':
      return `The new ${noun} was approved and filled in: ready to review and submit.`;
    case 'ended':
      return part.note ?? `The new ${noun} will not be created: choose an existing one or remove the change.`;
  }
}

export function LaterParts() {
  const drafts = useDraftList().data?.drafts ?? [];
  const parts = drafts
    .filter((d) => d.laterPart && d.state === 'editing')
    .sort((a, b) => ORDER[a.laterPart!.state] - ORDER[b.laterPart!.state]);
  if (parts.length === 0) return null;
  return (
    <section className="card later-parts" aria-labelledby="later-parts-title">
      <h2 id="later-parts-title">Next steps of drafts sent in parts</h2>
      <ul>
        {parts.map((d) => (
          <li key={d.id} data-later-part={d.laterPart!.state}>
            <a href={formatRoute({ view: 'draft', id: d.id })}>{d.label}</a>{' '}
            <span className={d.laterPart!.state === 'waiting' ? 'muted' : ''}>{laterPartWords(d)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
