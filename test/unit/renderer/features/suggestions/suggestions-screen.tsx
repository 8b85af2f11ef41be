// The Suggestions screen as the app mounts it for a test (the bridge's events heard, in its own query
// client), and the bridge it reads.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SuggestionsView } from '../../../../../src/renderer/src/features/suggestions/suggestions-view';
import { useBridgeSync } from '../../../../../src/renderer/src/shell/use-bridge-sync';
import type { SuggestionsState, TrackedBatch } from '../../../../../src/shared/suggestions';

function Screen({ query }: { query: Record<string, string> }) {
  useBridgeSync();
  return <SuggestionsView query={query} />;
}

export const suggestionsClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

export function suggestionsScreen(client: QueryClient, query: Record<string, string> = {}) {
  return (
    <QueryClientProvider client={client}>
      <Screen query={query} />
    </QueryClientProvider>
  );
}

const ok = <T,>(data: T) => Promise.resolve({ ok: true, data });

/**
 * window.propdesk as the screen meets it: the tracked batches `batches()` gives at each read, no
 * connection, no contract; `onChanged` hears main's announcements where a test sends them.
 */
export function stubSuggestionsBridge(
  batches: () => TrackedBatch[],
  onChanged: (listener: (payload: unknown) => void) => () => void = () => () => undefined,
): void {
  (window as unknown as { propdesk: unknown }).propdesk = {
    suggestions: {
      list: () => {
        const state: SuggestionsState = {
          batches: batches(),
          counts: { proposed: 0, applied: 0, dismissed: 0, expired: 0 },
          lastPolledAt: null,
          nextPollAt: null,
          pollProblem: null,
        };
        return ok(state);
      },
      watch: () => ok(null),
      onChanged,
    },
    connections: {
      list: () => ok({ connections: [], activeId: null, keychain: { persistent: true, undeleted: 0 } }),
    },
    drafts: { list: () => ok({ drafts: [] }) },
    contract: { get: () => ok(null) },
    labels: { resolve: () => ok({ labels: {}, source: 'copy', asOf: null, problems: [] }) },
  };
}
