// The search field at the top of the sidebar: results appear under it as one types, grouped by
// collection; arrow keys move, Enter opens the record, Escape clears.
import { Command } from 'cmdk';
import { Popover } from 'radix-ui';
import { Search } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import type { SearchHit } from '../../../../shared/search';
import { navigate } from '../../router/use-route';
import { firstHitValue, SearchResults } from './search-results';
import { hitRoute, useSearch } from './use-search-api';
import { recordHeading } from '../../focus/focus-target';
import { claimNavigationFocus } from '../../focus/use-route-focus';

export function SidebarSearch() {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const field = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const justFocused = useRef(false);
  const search = useSearch(text, { enabled: open });
  const shown = open && search.text !== '';
  // Answers arrive after the keystroke, so the menu would keep a selection that no longer exists:
  // each new answer selects its best hit, ready for Enter.
  const [selection, setSelection] = useState({ answer: search.data, value: '' });
  if (selection.answer !== search.data)
    setSelection({ answer: search.data, value: firstHitValue(search.data) });
  useLayoutEffect(() => comboboxState(input.current, shown), [shown]);
  const openHit = (hit: SearchHit) => {
    setOpen(false);
    setText('');
    claimNavigationFocus(hitRoute(hit), recordHeading);
    navigate(hitRoute(hit));
  };
  return (
    <Command
      label="Search everything"
      shouldFilter={false}
      loop
      className="side-search"
      value={selection.value}
      onValueChange={(value) => setSelection({ answer: search.data, value })}
    >
      <Popover.Root open={shown} onOpenChange={setOpen}>
        <Popover.Anchor asChild>
          <div className="side-search-field" ref={field}>
            <Search size={14} aria-hidden />
            <Command.Input
              ref={input}
              value={text}
              onValueChange={(value) => {
                setText(value);
                setOpen(true);
              }}
              onFocus={(e) => {
                // Back in the field with the last words still there, they are selected, so typing
                // replaces them; the click that focused it must not put the caret among them.
                e.currentTarget.select();
                justFocused.current = true;
                setOpen(true);
              }}
              onMouseUp={(e) => {
                if (justFocused.current) e.preventDefault();
                justFocused.current = false;
              }}
              onKeyDown={(e) => {
                if (e.key === 'Escape') {
                  setText('');
                  setOpen(false);
                }
              }}
              placeholder="Search everything…"
              aria-label="Search everything"
              className="side-search-input"
            />
          </div>
        </Popover.Anchor>
        <Popover.Portal>
          <Popover.Content
            side="bottom"
            align="start"
            sideOffset={4}
            className="popover side-search-results"
            aria-label="Search results"
            onOpenAutoFocus={(e) => e.preventDefault()}
            onInteractOutside={(e) => {
              if (field.current?.contains(e.target as Node)) e.preventDefault();
            }}
          >
            <Command.List className="command-list search-list">
              <SearchResults
                answer={search.data}
                pending={search.isFetching || search.typing}
                error={search.error}
                onOpen={openHit}
              />
            </Command.List>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </Command>
  );
}

// cmdk's input always says it is expanded and controls its list, which is only in the page while the
// results are open: the field says whether they are, and points at the list only then.
const controls = new WeakMap<HTMLInputElement, string>();
function comboboxState(input: HTMLInputElement | null, open: boolean): void {
  if (!input) return;
  const list = input.getAttribute('aria-controls') ?? controls.get(input);
  if (list) controls.set(input, list);
  input.setAttribute('aria-expanded', String(open));
  if (open && list) input.setAttribute('aria-controls', list);
  else input.removeAttribute('aria-controls');
}
