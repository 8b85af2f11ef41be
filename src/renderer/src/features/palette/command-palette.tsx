// Ctrl/⌘-K: search everything (the offline copy's records, or a record by its ID, which is looked
// up in every collection at once because IDs do not say which collection they belong to), or jump to
// a collection or a view. Search results come first; collections and views are filtered by name.
import { Command, defaultFilter } from 'cmdk';
import { Dialog } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent as ReactKeyboardEvent } from 'react';
import { COLLECTIONS } from '../../../../shared/service';
import { COLLECTION_LABELS, formatRoute } from '../../router/routes';
import type { Route } from '../../router/routes';
import { navigate } from '../../router/use-route';
import { SEARCH_VALUE, SearchResults } from '../search/search-results';
import { hitRoute, useSearch } from '../search/use-search-api';
import { recordHeading, returnFocus, screenHeading } from '../../focus/focus-target';
import { claimNavigationFocus } from '../../focus/use-route-focus';

const VIEWS: Array<{ label: string; route: Route }> = [
  { label: 'Today', route: { view: 'today' } },
  { label: 'Drafts', route: { view: 'drafts' } },
  { label: 'Bulk rent review', route: { view: 'rent-review' } },
  { label: 'Suggestions', route: { view: 'suggestions', query: {} } },
  { label: 'Connections', route: { view: 'connections' } },
  { label: 'Portfolio: overview', route: { view: 'portfolio', tab: 'overview' } },
  { label: 'Portfolio: rent roll', route: { view: 'portfolio', tab: 'rent-roll' } },
  { label: 'Portfolio: lease expirations', route: { view: 'portfolio', tab: 'expirations' } },
  { label: 'Portfolio: vacancy', route: { view: 'portfolio', tab: 'vacancy' } },
  { label: 'Portfolio: delinquency', route: { view: 'portfolio', tab: 'delinquency' } },
  { label: 'Portfolio: maintenance', route: { view: 'portfolio', tab: 'maintenance' } },
  { label: 'Portfolio: income by property', route: { view: 'portfolio', tab: 'income' } },
  { label: 'Offline copy', route: { view: 'portfolio', tab: 'offline-copy' } },
];

/** Search results keep the order main gave them, ahead of every name that matches. */
function rank(value: string, search: string, keywords?: string[]): number {
  if (value.startsWith(SEARCH_VALUE)) return 2 - Number(value.split(' ')[1]) / 10_000;
  return defaultFilter(value, search, keywords);
}

/**
 * Enter with nothing highlighted opens the first item: items come and go as answers arrive, and the
 * menu can be left with none chosen, where Enter would otherwise do nothing.
 */
function openFirstWhenNoneChosen(e: ReactKeyboardEvent<HTMLDivElement>): void {
  if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
  const items = e.currentTarget.querySelectorAll<HTMLElement>('[cmdk-item]:not([aria-disabled="true"])');
  if (items.length === 0 || e.currentTarget.querySelector('[cmdk-item][aria-selected="true"]')) return;
  e.preventDefault();
  items[0]!.click();
}

export function CommandPalette() {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const found = useSearch(search, { enabled: open });
  // Closing without going anywhere returns the focus where it was; going somewhere focuses the opened
  // record's heading, or the new screen's.
  const navigated = useRef(false);
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    // What held the focus before the box opened (the box's own field takes it as it mounts).
    const remember = () => {
      if (!document.querySelector('.palette')) opener.current = document.activeElement;
    };
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        remember();
        setOpen((v) => !v);
      }
    };
    const onMenu = () => {
      remember();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('propdesk:palette', onMenu);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('propdesk:palette', onMenu);
    };
  }, []);

  const go = (route: Route) => {
    if (formatRoute(route) !== window.location.hash) {
      navigated.current = true;
      claimNavigationFocus(
        route,
        route.view === 'collection' && route.recordId ? recordHeading : screenHeading,
      );
    }
    setOpen(false);
    setSearch('');
    navigate(route);
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content
          className="palette"
          aria-describedby={undefined}
          onCloseAutoFocus={(e) => {
            if (navigated.current) e.preventDefault();
            else returnFocus(e, opener.current);
            navigated.current = false;
          }}
        >
          <Dialog.Title className="visually-hidden">Go to</Dialog.Title>
          <Command label="Go to" loop filter={rank} onKeyDown={openFirstWhenNoneChosen}>
            <Command.Input
              autoFocus
              value={search}
              // Reopened on the last words, they are selected: typing replaces them, an arrow keeps them.
              onFocus={(e) => e.currentTarget.select()}
              onValueChange={setSearch}
              placeholder="Search everything, paste a record ID, or go to a collection or view…"
              className="input palette-input"
            />
            <Command.List className="command-list">
              <Command.Empty>
                {found.isFetching || found.typing ? 'Searching…' : 'Nothing found.'}
              </Command.Empty>
              {found.text ? (
                <SearchResults
                  answer={found.data}
                  pending={found.isFetching || found.typing}
                  error={found.error}
                  onOpen={(hit) => go(hitRoute(hit))}
                />
              ) : null}
              <Command.Group heading="Collections">
                {COLLECTIONS.map((c) => (
                  <Command.Item
                    key={c}
                    value={COLLECTION_LABELS[c]}
                    onSelect={() => go({ view: 'collection', collection: c, query: {} })}
                  >
                    {COLLECTION_LABELS[c]}
                  </Command.Item>
                ))}
              </Command.Group>
              <Command.Group heading="Views">
                {VIEWS.map((v) => (
                  <Command.Item key={v.label} value={v.label} onSelect={() => go(v.route)}>
                    {v.label}
                  </Command.Item>
                ))}
              </Command.Group>
            </Command.List>
          </Command>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
