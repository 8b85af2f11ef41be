// Suggestions as a worklist: every tracked batch by status (tabs with counts), filtered by resource type,
// batch and "expiring soon" through the route, in the chosen order with urgent repairs first, the app's own
// batches apart from those made outside PropDesk. Main polls and pushes changes; this screen follows them
// without a reload.
import { useReach, type Reach } from '../connections/use-reach';
import { Alert } from '../../ui/alert';
import { Tabs } from 'radix-ui';
import { RefreshCw } from 'lucide-react';
import type { ProposalStatus } from '../../../../shared/service/proposals';
import { PROPOSAL_STATUSES } from '../../../../shared/service/proposals';
import { errorMessage } from '../../lib/call';
import { navigate } from '../../router/use-route';
import { BatchCard } from './batch-card';
import { STATUS_WORDS } from './proposal-row';
import { exactTime, relativeTime } from '../../lib/time-words';
import { SuggestionsFilterBar } from './suggestions-filter-bar';
import {
  countByStatus,
  filtered,
  filtersFromQuery,
  queryFromFilters,
  resourceTypesOf,
  visibleBatches,
} from './suggestions-filters';
import type { SuggestionsFilters, VisibleBatch } from './suggestions-filters';
import { repairUrgency } from './worklist-order';
import type { UrgencyOf } from './worklist-order';
import { ServiceWords } from './service-words';
import { useContract } from '../contract/use-contract-api';
import { useRefreshSuggestions, useSuggestionsState, useWatchSuggestions } from './use-suggestions-api';
import { useNow } from '../../lib/use-now';
import { LaterParts } from '../drafts/later-parts';
import { useOutbox } from '../drafts/use-drafts-api';
import { WaitingToSend } from '../drafts/waiting-to-send';
import '../../styles/suggestions.css';
import { EmptyState } from '../../ui/empty-state';

const EMPTY_TAB: Record<ProposalStatus, string> = {
  proposed:
    'Nothing is waiting for review. Suggestions you submit from a draft wait here until a person decides.',
  applied:
    'No suggestion has been approved yet. Approved ones appear here, with a check of the record’s current values.',
  dismissed: 'No suggestion has been dismissed. Dismissed ones appear here and can be drafted again.',
  expired: 'No suggestion has expired. Ones left unreviewed too long appear here and can be drafted again.',
};

function Section({
  title,
  batches,
  now,
  urgency,
}: {
  title: string;
  batches: VisibleBatch[];
  now: number;
  urgency: UrgencyOf;
}) {
  if (batches.length === 0) return null;
  return (
    <section className="suggestions-section" aria-label={title}>
      <h2>{title}</h2>
      <div className="list">
        {batches.map((v) => (
          <BatchCard
            key={v.batch.batchId}
            batch={v.batch}
            proposals={v.proposals}
            now={now}
            urgency={urgency}
          />
        ))}
      </div>
    </section>
  );
}

/** One status's tab: its batches as filtered and ordered, PropDesk's own apart from those made elsewhere. */
function StatusBatches({
  status,
  visible,
  narrowed,
  now,
  urgency,
}: {
  status: ProposalStatus;
  visible: VisibleBatch[];
  /** Whether filters narrow the tab, for what its emptiness says. */
  narrowed: boolean;
  now: number;
  urgency: UrgencyOf;
}) {
  return (
    <>
      {visible.length === 0 ? (
        <div className="empty suggestions-empty">
          <p>{narrowed ? 'No suggestions match these filters.' : EMPTY_TAB[status]}</p>
        </div>
      ) : null}
      <ServiceWords batches={visible.map((v) => v.batch)} />
      <Section
        title="Submitted from PropDesk"
        batches={visible.filter((v) => v.batch.origin === 'app')}
        now={now}
        urgency={urgency}
      />
      <Section
        title="Made outside PropDesk"
        batches={visible.filter((v) => v.batch.origin === 'external')}
        now={now}
        urgency={urgency}
      />
    </>
  );
}

/** When the service was last asked about the suggestions, or why it can't be now. */
function checkedWords(reach: Reach, lastPolledAt: string | null, now: number): string {
  if (reach.online === false) return reach.short;
  if (!lastPolledAt) return 'Not checked yet';
  return `Checked ${relativeTime(lastPolledAt, Math.max(now, Date.parse(lastPolledAt)))}`;
}

export function SuggestionsView({ query }: { query: Record<string, string> }) {
  useWatchSuggestions();
  const now = useNow(15_000);
  const state = useSuggestionsState({ live: true });
  const refresh = useRefreshSuggestions();
  const filters = filtersFromQuery(query);
  const setFilters = (next: Partial<SuggestionsFilters>) =>
    navigate({ view: 'suggestions', query: queryFromFilters({ ...filters, ...next }) }, { replace: true });

  const batches = state.data?.batches ?? [];
  const counts = countByStatus(batches, filters, now);
  const { contract } = useContract();
  const urgency = repairUrgency(contract);
  const types = resourceTypesOf(batches);
  const problem = state.data?.pollProblem ?? null;
  const lastPolledAt = state.data?.lastPolledAt ?? null;
  const reach = useReach();
  const online = reach.online;
  const waiting = (useOutbox().data?.waiting ?? 0) > 0;

  return (
    <>
      <header className="toolbar">
        <h1>Suggestions</h1>
        <span className="muted">Suggestions change nothing until a person approves them in the service.</span>
        <span className="spacer" />
        <span className="muted suggestions-checked" role="status">
          <span title={online !== false && lastPolledAt ? exactTime(lastPolledAt) : undefined}>
            {checkedWords(reach, lastPolledAt, now)}
          </span>
        </span>
        <button
          type="button"
          className="btn"
          disabled={refresh.isPending}
          title="Asks the service now for the status of every suggestion still waiting"
          onClick={() => refresh.mutate()}
        >
          <RefreshCw size={14} aria-hidden className={refresh.isPending ? 'spin' : undefined} /> Check now
        </button>
      </header>
      {batches.length > 0 ? (
        <SuggestionsFilterBar batches={batches} types={types} filters={filters} onChange={setFilters} />
      ) : null}
      <div className="page suggestions-page">
        {state.isError ? <Alert>{errorMessage(state.error)}</Alert> : null}
        {problem && online !== false ? <Alert>Couldn’t check on your suggestions: {problem}</Alert> : null}
        {refresh.isError ? <Alert>{errorMessage(refresh.error)}</Alert> : null}
        {online === false ? (
          <Alert tone="warn">
            {reach.sentence} PropDesk cannot check on your suggestions until the service can be reached again.
            What is shown is as of the last check.
          </Alert>
        ) : null}
        <WaitingToSend />
        <LaterParts />
        {state.isSuccess && batches.length === 0 && !waiting ? (
          <EmptyState
            heading="No suggestions yet"
            action={
              <a className="btn" href="#/drafts">
                Go to drafts
              </a>
            }
          >
            Submit a draft and its suggestions appear here, with their status, until a person approves,
            dismisses or lets them expire. Suggestions made outside PropDesk appear here too.
          </EmptyState>
        ) : null}
        {batches.length > 0 ? (
          <Tabs.Root
            value={filters.status}
            onValueChange={(value) => setFilters({ status: value as ProposalStatus })}
            className="suggestions-tabs"
          >
            <Tabs.List aria-label="Suggestion status" className="tabs-list">
              {PROPOSAL_STATUSES.map((s) => (
                <Tabs.Trigger key={s} value={s} className={`tab tab-${s}`}>
                  <span className={`tab-dot dot-${s}`} aria-hidden />
                  {STATUS_WORDS[s]} <span className="tab-count">{counts[s].toLocaleString()}</span>
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {PROPOSAL_STATUSES.map((s) => (
              <Tabs.Content key={s} value={s} className="suggestions-tab-content">
                <StatusBatches
                  status={s}
                  visible={s === filters.status ? visibleBatches(batches, filters, now, urgency) : []}
                  narrowed={filtered(filters)}
                  now={now}
                  urgency={urgency}
                />
              </Tabs.Content>
            ))}
          </Tabs.Root>
        ) : null}
      </div>
    </>
  );
}
