// Submissions that have not reached the service yet (queued while offline, or held after the
// connection moved to another server): listed where the landlord looks for their suggestions, as
// waiting to send, so a submission never seems lost because the service does not know it yet.
import { formatRoute } from '../../router/routes';
import { useDraftList } from './use-drafts-api';

export function WaitingToSend() {
  const drafts = (useDraftList().data?.drafts ?? []).filter((d) => d.state === 'submitting');
  if (drafts.length === 0) return null;
  return (
    <section className="card waiting-to-send" aria-labelledby="waiting-to-send-title">
      <h2 id="waiting-to-send-title">Waiting to send</h2>
      <ul>
        {drafts.map((d) => (
          <li key={d.id}>
            <a href={formatRoute({ view: 'draft', id: d.id })}>{d.label}</a>{' '}
            <span className="muted">
              {d.submission?.held
                ? 'held: the connection now points at another server, and PropDesk asks before sending it there.'
                : 'not sent yet: it goes out when the service can be reached, and appears below once recorded.'}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
