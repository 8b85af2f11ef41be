// After a navigation the focus moves to the new screen's heading, so keyboard and screen-reader users
// start at the top of what changed instead of on the page body. Not on the window's first load, and not
// when something on the new screen has already taken the focus (a new change's first field). A caller
// that knows better (the palette opening a record) claims the next navigation's target.
import { useEffect, useRef } from 'react';
import { formatRoute } from '../router/routes';
import type { Route } from '../router/routes';
import { focusWhenShown, screenHeading } from './focus-target';
import type { FocusFinder } from './focus-target';

let claim: { hash: string; find: FocusFinder } | null = null;

/** Going to `route` next focuses what `find` returns instead of the screen's heading. */
export function claimNavigationFocus(route: Route, find: FocusFinder): void {
  claim = { hash: formatRoute(route), find };
}

/** What counts as another screen: a record opening in the same list, or a new filter, does not. */
export function screenKey(route: Route): string {
  switch (route.view) {
    case 'collection':
      return `collection:${route.collection}`;
    case 'record':
      return `record:${route.collection}/${route.id}`;
    case 'draft':
      return `draft:${route.id}`;
    case 'since':
      return `since:${route.kind}`;
    case 'today':
    case 'drafts':
    case 'rent-review':
    case 'suggestions':
    case 'connections':
    case 'portfolio':
      return route.view;
  }
}

export function useRouteFocus(route: Route): void {
  const hash = formatRoute(route);
  const seen = useRef<{ hash: string; screen: string } | null>(null);
  const screen = screenKey(route);
  useEffect(() => {
    const before = seen.current;
    seen.current = { hash, screen };
    if (!before || before.hash === hash) return;
    const claimed = claim?.hash === hash ? claim.find : null;
    claim = null;
    const find = claimed ?? (before.screen !== screen ? screenHeading : null);
    if (!find) return;
    const holder = document.activeElement;
    // The new screen's own effects run first: one that placed the focus in it (a new change's first
    // field) keeps it.
    if (!claimed && holder?.closest('main')) return;
    // Whatever held the focus when the route changed may keep it only until the target appears; if
    // something else took it meanwhile, that was on purpose and stays.
    return focusWhenShown(find, () => {
      const now = document.activeElement;
      return !now || now === document.body || now === holder || !now.isConnected;
    });
  }, [hash, screen]);
}
