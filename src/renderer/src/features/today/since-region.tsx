// Today's "Since you last looked (Tuesday 9:40 PM)": a line per kind of change at the service since
// the landlord's mark, with its count, each opening exactly those records (the suggestions decided
// open the Suggestions screen, and are named here with who decided, where the service says);
// "Mark as seen" moves the mark to what is shown. Nothing before a first copy has set the mark.
import { CheckCheck } from 'lucide-react';
import type { SinceDigest } from '../../../../shared/since';
import { errorMessage } from '../../lib/call';
import { formatRoute } from '../../router/routes';
import { Alert } from '../../ui/alert';
import { deciderWords } from '../suggestions/proposal-row';
import { kindWords, markWords } from '../since/since-words';
import { useMarkSeen, useSinceDigest } from '../since/use-since-api';

export function SinceRegion() {
  const digest = useSinceDigest();
  if (digest.isError)
    return <Alert>Could not tell what changed since you last looked: {errorMessage(digest.error)}</Alert>;
  if (!digest.data?.markedAt) return null;
  return <SinceLines digest={digest.data} />;
}

function SinceLines({ digest }: { digest: SinceDigest }) {
  const seen = useMarkSeen();
  const heading = `Since you last looked (${markWords(digest.markedAt!)})`;
  return (
    <section className="today-since" aria-label="Since you last looked">
      <header>
        <h2>{heading}</h2>
        <span className="spacer" />
        {digest.lines.length ? (
          <button
            type="button"
            className="btn"
            disabled={seen.isPending}
            title="Clears these lines; what changes from now on is listed here next time"
            onClick={() => seen.mutate(digest.asOf)}
          >
            <CheckCheck size={14} aria-hidden /> Mark as seen
          </button>
        ) : null}
      </header>
      {seen.isError ? <Alert>{errorMessage(seen.error)}</Alert> : null}
      {digest.lines.length === 0 ? (
        <p className="muted">Nothing has changed at the service since then.</p>
      ) : (
        <ul className="today-since-lines">
          {digest.lines.map((line) => (
            <li key={line.kind}>
              <a
                href={formatRoute(
                  line.kind === 'suggestions_decided'
                    ? { view: 'suggestions', query: {} }
                    : { view: 'since', kind: line.kind },
                )}
              >
                <span className="today-since-count">{line.count.toLocaleString()}</span>{' '}
                {kindWords(line.kind, line.count)}
                {line.urgent ? <span className="badge urgent-badge">{line.urgent} urgent</span> : null}
              </a>
              {line.kind === 'suggestions_decided' ? <Decided digest={digest} /> : null}
            </li>
          ))}
        </ul>
      )}
      {digest.waiting ? (
        <p className="muted">
          An update of the offline copy found more changes; they are listed once it has been read to its end.
        </p>
      ) : null}
    </section>
  );
}

function Decided({ digest }: { digest: SinceDigest }) {
  return (
    <ul className="today-since-decided">
      {digest.decided.map((d) => (
        <li key={d.proposalId}>
          <span className={`badge state-${d.status}`}>
            {d.status === 'applied' ? 'Applied' : d.status === 'dismissed' ? 'Dismissed' : 'Expired'}
          </span>{' '}
          {d.summary}
          {d.decidedBy ? <span className="muted"> · {deciderWords(d.status, d.decidedBy)}</span> : null}
        </li>
      ))}
    </ul>
  );
}
