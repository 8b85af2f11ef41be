// Where each of Today's figures leads: to exactly the rows it counts (a portfolio view narrowed the
// same way, a collection list with the matching filter, or the suggestions with a filter).
import type { EndingWindow } from '../../../../shared/today';
import type { ProposalStatus } from '../../../../shared/service/proposals';
import type { Route } from '../../router/routes';

export const todayLinks = {
  ending: (days: EndingWindow): Route => ({
    view: 'portfolio',
    tab: 'expirations',
    focus: { kind: 'ending', days },
  }),
  latePayments: (): Route => ({ view: 'portfolio', tab: 'delinquency' }),
  urgent: (priority: string): Route => ({
    view: 'portfolio',
    tab: 'maintenance',
    focus: { kind: 'priority', priority },
  }),
  // The service's own filter, so the list shows what it holds now; Today counted it in the copy.
  unverified: (): Route => ({ view: 'collection', collection: 'documents', query: { is_verified: 'false' } }),
  waiting: (): Route => ({ view: 'suggestions', query: {} }),
  decided: (status: Exclude<ProposalStatus, 'proposed'>, since: string): Route => ({
    view: 'suggestions',
    query: { status, since },
  }),
};
