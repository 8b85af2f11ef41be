// Ctrl/⌘-K: jump to a collection, a view, or a record by its ID. An ID is looked up in every
// collection at once, because IDs are opaque and do not say which collection they belong to.
import { useQuery } from '@tanstack/react-query';
import { Command } from 'cmdk';
import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { COLLECTIONS } from '../../../../shared/service';
import type { Collection } from '../../../../shared/service';
import { COLLECTION_LABELS } from '../../router/routes';
import type { Route } from '../../router/routes';
import { navigate } from '../../router/use-route';
import { recordLabel } from '../collections/record-label';

const VIEWS: Array<{ label: string; route: Route }> = [
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
  { label: 'Offline copy (sync)', route: { view: 'portfolio', tab: 'sync' } },
];

function looksLikeId(text: string): boolean {
  return /^[\w.:-]{3,200}$/.test(text.trim());
}

async function findRecord(id: string) {
  const hits = await Promise.all(
    COLLECTIONS.map(async (collection) => {
      const result = await window.propdesk.collections.get({ collection, id });
      return result.ok ? { collection, label: recordLabel(collection, result.data.record) } : null;
    }),
  );
  return hits.filter((h): h is { collection: Collection; label: string } => h !== null);
}

export function CommandPalette() {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const id = search.trim();
  const lookup = useQuery({
    queryKey: ['find-record', id],
    queryFn: () => findRecord(id),
    enabled: open && looksLikeId(id),
    staleTime: 10_000,
  });

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setOpen((v) => !v);
      }
    };
    const onMenu = () => setOpen(true);
    window.addEventListener('keydown', onKey);
    window.addEventListener('propdesk:palette', onMenu);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('propdesk:palette', onMenu);
    };
  }, []);

  const go = (route: Route) => {
    setOpen(false);
    setSearch('');
    navigate(route);
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="palette" aria-describedby={undefined}>
          <Dialog.Title className="visually-hidden">Go to</Dialog.Title>
          <Command label="Go to" loop>
            <Command.Input
              autoFocus
              value={search}
              onValueChange={setSearch}
              placeholder="Go to a collection or view, or paste a record ID…"
              className="input palette-input"
            />
            <Command.List className="command-list">
              <Command.Empty>{lookup.isFetching ? 'Looking for that ID…' : 'Nothing found.'}</Command.Empty>
              {lookup.data?.length ? (
                <Command.Group heading="Record">
                  {lookup.data.map((hit) => (
                    <Command.Item
                      key={hit.collection}
                      value={`record ${id} ${hit.collection}`}
                      onSelect={() =>
                        go({ view: 'collection', collection: hit.collection, recordId: id, query: {} })
                      }
                    >
                      <span>{hit.label}</span>
                      <span className="muted">{COLLECTION_LABELS[hit.collection]}</span>
                    </Command.Item>
                  ))}
                </Command.Group>
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
