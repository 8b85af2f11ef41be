// Search hits as command-menu items (cmdk), grouped by collection, each under the label main found for
// it (linked records included), else its own fields; used by
// the sidebar's search field and by the Ctrl/⌘-K palette. Without an offline copy it offers to make
// one, which starts the update.
import { Command } from 'cmdk';
import { CloudDownload, Globe } from 'lucide-react';
import type { SearchAnswer, SearchHit } from '../../../../shared/search';
import { COLLECTION_LABELS } from '../../../../shared/labels';
import { errorMessage } from '../../lib/call';
import { recordLabel } from '../collections/record-label';
import { useContract } from '../contract/use-contract-api';
import { formatAsOf } from '../offline-copy/copy-words';
import { useOfflineCopyActions, useOfflineCopyStatus } from '../offline-copy/use-offline-copy-api';
import { fieldWords, inSentence } from '../../../../shared/contract';
import { withPlace } from '../../../../shared/tell-apart';

/** Item values of search results start with this, so a filtering menu can rank them first. */
export const SEARCH_VALUE = 'search-result';

const hitValue = (hit: SearchHit, rank: number) =>
  `${SEARCH_VALUE} ${String(rank).padStart(4, '0')} ${hit.collection} ${hit.id}`;

/**
 * What tells a hit from its namesakes and shows why it was found: the field that held what was typed
 * ("email · zoe@example.com") when the name does not already say it, else the record's second line
 * (a tenant's starting with where they rent).
 */
export function secondLine(hit: SearchHit): string | null {
  const label = (hit.label ?? '').toLowerCase();
  const matched = hit.matched;
  if (matched && !label.includes(matched.value.toLowerCase()))
    return `${inSentence(fieldWords(matched.field))} · ${matched.value}`;
  return withPlace(hit.place, hit.note);
}

/** The menu value of the first hit, to select when a new answer arrives. */
export function firstHitValue(answer: SearchAnswer | undefined): string {
  const hit = answer?.groups[0]?.hits[0];
  return hit ? hitValue(hit, 0) : '';
}

export function SearchResults({
  answer,
  pending,
  error,
  onOpen,
}: {
  answer: SearchAnswer | undefined;
  pending: boolean;
  error: unknown;
  onOpen: (hit: SearchHit) => void;
}) {
  const { contract } = useContract();
  if (error)
    return (
      <div className="search-note" role="alert">
        {errorMessage(error)}
      </div>
    );
  if (!answer) return pending ? <Command.Loading>Searching…</Command.Loading> : null;
  let rank = 0;
  return (
    <>
      {answer.groups.map((group) => (
        <Command.Group key={group.collection} heading={COLLECTION_LABELS[group.collection]}>
          {group.hits.map((hit) => (
            <Command.Item
              key={`${hit.collection}/${hit.id}`}
              value={hitValue(hit, rank++)}
              onSelect={() => onOpen(hit)}
            >
              <span className="search-text">
                <span className="search-label">
                  {hit.label ?? recordLabel(hit.collection, hit.record, contract)}
                </span>
                {secondLine(hit) ? <span className="muted search-second">{secondLine(hit)}</span> : null}
              </span>
              <span className="muted search-where">
                {hit.source === 'live' ? (
                  <>
                    <Globe size={12} aria-hidden /> from the service
                  </>
                ) : (
                  hit.id
                )}
              </span>
            </Command.Item>
          ))}
          {group.more ? (
            <div className="search-more muted">
              More {COLLECTION_LABELS[group.collection].toLowerCase()} match; keep typing to narrow.
            </div>
          ) : null}
        </Command.Group>
      ))}
      {!answer.available ? <MakeCopy notice={answer.notice} /> : null}
      {answer.available && answer.groups.length === 0 && !pending ? (
        <div className="search-note">Nothing in the offline copy matches.</div>
      ) : null}
      {answer.available ? (
        <div className="search-note muted">
          {answer.notice ? `${answer.notice} ` : ''}
          Offline copy as of {answer.asOf ? formatAsOf(answer.asOf) : '—'}.
        </div>
      ) : null}
    </>
  );
}

function MakeCopy({ notice }: { notice: string | null }) {
  const status = useOfflineCopyStatus();
  const { start } = useOfflineCopyActions();
  const running = status.data?.state === 'running';
  return (
    <Command.Group heading="Offline copy">
      <div className="search-note">
        {running
          ? `Making the offline copy… ${Math.round((status.data?.progress ?? 0) * 100)}%. Results appear when it is done.`
          : (notice ?? 'No offline copy yet.')}
      </div>
      {running ? null : (
        <Command.Item value={`${SEARCH_VALUE} 9999 make-copy`} onSelect={() => start.mutate()}>
          <span>
            <CloudDownload size={13} aria-hidden /> Make an offline copy
          </span>
          <span className="muted">Update the offline copy</span>
        </Command.Item>
      )}
      {start.error ? (
        <div className="search-note" role="alert">
          {errorMessage(start.error)}
        </div>
      ) : null}
    </Command.Group>
  );
}
