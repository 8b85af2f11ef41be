// A field that names a record another change creates (a new tenancy's lease tenant): it shows where
// that record stands instead of a picker (the new tenant of this draft, waiting for approval, one to
// choose among those that carry the suggested values, or one that will not come) and never holds a
// name where an ID belongs. The landlord may take the field back and pick an existing record.
import { RESOURCE_COLLECTION, resourceNoun } from '../../../../../shared/service';
import type { ChangeLink } from '../../../../../shared/drafts';
import { errorMessage } from '../../../lib/call';
import { RefName } from '../../../labels/ref-name';
import { useLabels } from '../../../labels/use-labels-api';
import { useChooseCreated, useLinkField } from '../use-drafts-api';

export interface LinkedFieldProps {
  id: string;
  draftId: string;
  changeId: string;
  link: ChangeLink;
  editable: boolean;
  describedBy?: string;
}

/** What the field holds, in words, by where its record stands. */
export function linkWords(link: ChangeLink): string {
  const noun = resourceNoun(link.resourceType);
  switch (link.state) {
    case 'drafted':
      return `The new ${noun} in this draft. It is sent first; once a person approves it, PropDesk fills in its ID here.`;
    case 'waiting':
      return `Waiting for the new ${noun} to be approved at the service. PropDesk fills it in here when it is.`;
    case 'choose':
      return link.note ?? `The new ${noun} was approved: choose the record it created.`;
    case 'filled':
      return link.note ?? `The new ${noun}, as approved.`;
    case 'ended':
      return link.note ?? `The new ${noun} will not be created. Choose an existing ${noun} instead.`;
  }
}

function Candidates({ props }: { props: LinkedFieldProps }) {
  const { link, draftId, changeId, editable } = props;
  const collection = RESOURCE_COLLECTION[link.resourceType];
  const labels = useLabels(link.candidates.map((id) => ({ collection, id })));
  const choose = useChooseCreated();
  if (link.candidates.length === 0) return null;
  return (
    <div
      className="link-candidates"
      role="group"
      aria-label={`Which ${resourceNoun(link.resourceType)} was created`}
    >
      {link.candidates.map((recordId) => (
        <button
          key={recordId}
          type="button"
          className="btn choice"
          disabled={!editable || choose.isPending}
          onClick={() => choose.mutate({ draftId, changeId, field: link.field, recordId })}
        >
          <RefName view={labels(collection, recordId)} /> <span className="muted">— this one</span>
        </button>
      ))}
      {choose.error ? <span className="field-error">{errorMessage(choose.error)}</span> : null}
    </div>
  );
}

export function LinkedField(props: LinkedFieldProps) {
  const { id, link, draftId, changeId, editable, describedBy } = props;
  const unlink = useLinkField();
  const noun = resourceNoun(link.resourceType);
  return (
    <span className="linked-field" id={id} aria-describedby={describedBy} data-link-state={link.state}>
      <span className={link.state === 'ended' ? 'field-error' : 'link-words'}>{linkWords(link)}</span>
      {link.state === 'choose' ? <Candidates props={props} /> : null}
      {editable && link.state !== 'waiting' ? (
        <button
          type="button"
          className="link-button"
          disabled={unlink.isPending}
          onClick={() => unlink.mutate({ draftId, changeId, field: link.field, sourceChangeId: null })}
        >
          Choose an existing {noun} instead
        </button>
      ) : null}
      {unlink.error ? <span className="field-error">{errorMessage(unlink.error)}</span> : null}
    </span>
  );
}
