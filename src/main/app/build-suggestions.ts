// The suggestions feature: following submitted suggestions until a person decides, opening a batch's
// review page in the browser once the link is checked, and telling what changed at the service since
// the landlord last looked (the copy's changes and the suggestions decided, with who decided).
import { connectionCurrency } from '../connections/connection-currency';
import { SinceService } from '../since/since-service';
import type { Store } from '../store/open-store';
import { ReviewOpener } from '../suggestions/review-opener';
import { SuggestionsService } from '../suggestions/suggestions-service';
import type { AppPorts } from './app-ports';
import type { ConnectionsFeature } from './build-connections';
import type { ReadingFeature } from './build-reading';
import { deciderField } from '../../shared/field-roles';

export interface SuggestionsFeature {
  suggestions: SuggestionsService;
  review: ReviewOpener;
  /** "Since you last looked": what changed at the service since the landlord's mark. */
  since: SinceService;
}

export function buildSuggestions(
  ports: Pick<AppPorts, 'openApprovedLink' | 'confirm' | 'logger'>,
  store: Store,
  { connections, clients, demo }: ConnectionsFeature,
  { contract }: Pick<ReadingFeature, 'contract'>,
): SuggestionsFeature {
  const suggestions = new SuggestionsService({
    repo: store.suggestions,
    connections: { active: () => connections.active(), clientFor: (id) => clients.clientFor(id) },
    log: (message, error) => ports.logger.warn(message, error),
    deciderField: (id) => deciderField(contract.compiledCached(id)),
  });
  const review = new ReviewOpener({
    repo: store.suggestions,
    active: () => connections.active(),
    apiBaseUrl: async (connection) =>
      connection.kind === 'demo' ? (await demo.endpoint()).baseUrl : connection.baseUrl,
    openApprovedLink: ports.openApprovedLink,
    confirm: ports.confirm,
  });
  const since = new SinceService({
    repo: store.offlineCopies,
    since: store.since,
    batches: (id) => store.suggestions.batches(id),
    contract: (id) => contract.compiledCached(id),
    currency: (id) => connectionCurrency(store.connections.get(id) ?? {}).currency,
    activeId: () => connections.active().id,
    now: () => new Date(),
  });
  return { suggestions, review, since };
}
