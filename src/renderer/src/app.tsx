// The renderer's root: providers, the shell layout, the route's screen and the readiness marker.
import { SentFlags } from './features/suggestions/sent-flags';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { MenuCommand } from '../../shared/ipc';
import { useRoute, navigate } from './router/use-route';
import type { Route } from './router/routes';
import { ErrorBoundary } from './shell/error-boundary';
import { Sidebar } from './shell/sidebar';
import { StatusBar } from './shell/status-bar';
import { Notices } from './shell/notices';
import { useBridgeSync } from './shell/use-bridge-sync';
import { useMenuCommand } from './shell/use-shell-api';
import { SkipLink } from './shell/skip-link';
import { useRouteFocus } from './focus/use-route-focus';
import { useFocusRescue } from './focus/use-focus-rescue';
import { ShortcutSheet } from './features/shortcuts/shortcut-sheet';
import { CollectionView } from './features/collections/collection-view';
import { ConnectionsView } from './features/connections/connections-view';
import { useConnections } from './features/connections/use-connections-api';
import { DraftsView } from './features/drafts/drafts-view';
import { DraftEditor } from './features/drafts/editor/draft-editor';
import { listActions } from './features/drafts/from-here/list-actions';
import { chosenActions } from './features/drafts/from-here/chosen-actions';
import { panelActions } from './features/drafts/from-here/panel-actions';
import { SuggestionsView } from './features/suggestions/suggestions-view';
import { CommandPalette } from './features/palette/command-palette';
import { RecordPage } from './features/records/record-page';
import { OwnerFilterNote } from './features/records/owner-filter-note';
import { RentReviewView } from './features/rent-review/rent-review-view';
import { OfflineBanner } from './features/offline-copy/offline-banner';
import { SinceList } from './features/since/since-list';
import { TodayView } from './features/today/today-view';

// The portfolio screen and its charts load when first opened, so the window starts on a smaller bundle.
const PortfolioView = lazy(async () => ({
  default: (await import('./features/portfolio/portfolio-view')).PortfolioView,
}));

function Screen({ route }: { route: Route }) {
  switch (route.view) {
    case 'collection':
      return (
        <CollectionView
          collection={route.collection}
          query={route.query}
          {...(route.recordId ? { recordId: route.recordId } : {})}
          note={route.collection === 'documents' ? <OwnerFilterNote filters={route.query} /> : null}
          recordActions={panelActions}
          listActions={listActions}
          chosenActions={chosenActions}
        />
      );
    case 'record':
      return (
        <RecordPage key={`${route.collection}/${route.id}`} collection={route.collection} id={route.id} />
      );
    case 'drafts':
      return <DraftsView />;
    case 'draft':
      return (
        <DraftEditor key={route.id} id={route.id} sentNote={(batchId) => <SentFlags batchId={batchId} />} />
      );
    case 'rent-review':
      return <RentReviewView {...(route.leases ? { leases: route.leases } : {})} />;
    case 'suggestions':
      return <SuggestionsView query={route.query} />;
    case 'connections':
      return <ConnectionsView add={route.add === true} />;
    case 'today':
      return <TodayView />;
    case 'since':
      return <SinceList key={route.kind} kind={route.kind} />;
    case 'portfolio':
      return (
        <Suspense fallback={<p className="muted pf-loading">Loading the portfolio…</p>}>
          <PortfolioView
            tab={route.tab}
            {...(route.focus ? { focus: route.focus } : {})}
            {...(route.period ? { period: route.period } : {})}
          />
        </Suspense>
      );
  }
}

function runMenuCommand(command: MenuCommand): void {
  switch (command) {
    case 'back':
      window.history.back();
      return;
    case 'forward':
      window.history.forward();
      return;
    case 'refresh':
      // A cache rule: the bridge sync reads everything again.
      return;
    case 'connections':
      navigate({ view: 'connections' });
      return;
    case 'suggestions':
      navigate({ view: 'suggestions', query: {} });
      return;
    case 'drafts':
      navigate({ view: 'drafts' });
      return;
    case 'palette':
      window.dispatchEvent(new CustomEvent('propdesk:palette'));
      return;
  }
}

function Shell() {
  const route = useRoute();
  useBridgeSync();
  useRouteFocus(route);
  useFocusRescue();
  const connections = useConnections();
  useMenuCommand(runMenuCommand);
  const settled = connections.isSuccess || connections.isError;
  useEffect(() => {
    // Tests and the window's first paint wait on this marker.
    document.documentElement.dataset.appState = settled ? 'ready' : 'loading';
  }, [settled]);
  return (
    <div className="shell">
      <SkipLink />
      <Sidebar route={route} />
      <main className="content" id="content" aria-label="Content">
        <Notices />
        <OfflineBanner route={route} />
        <ErrorBoundary resetKey={JSON.stringify(route)}>
          <Screen route={route} />
        </ErrorBoundary>
      </main>
      <StatusBar />
      <CommandPalette />
      <ShortcutSheet />
    </div>
  );
}

export function App() {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      <ErrorBoundary>
        <Shell />
      </ErrorBoundary>
    </QueryClientProvider>
  );
}
