// Today's summary: the portfolio's figures from the offline copy, the tracked suggestions waiting and
// those decided in the last days, and whether the connection is the built-in sample organisation.
import { decidedSince } from '../../shared/decided-since';
import { RECENT_DECISION_DAYS } from '../../shared/today';
import type { TodaySummary } from '../../shared/today';
import type { SuggestionsState } from '../../shared/suggestions';
import type { PortfolioService } from '../portfolio/portfolio-service';

export interface TodaySources {
  portfolio: Pick<PortfolioService, 'todayFigures'>;
  suggestions: () => SuggestionsState;
  connection: () => { id: string; kind: 'demo' | 'remote' };
}

export function todaySummary(s: TodaySources): TodaySummary {
  const figures = s.portfolio.todayFigures();
  const { id, kind } = s.connection();
  const since = new Date(Date.parse(`${figures.today}T00:00:00Z`) - RECENT_DECISION_DAYS * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const decided = { applied: 0, dismissed: 0, expired: 0 };
  let waiting = 0;
  for (const batch of s.suggestions().batches)
    for (const proposal of batch.proposals) {
      if (proposal.status === 'proposed') waiting += 1;
      else if (decidedSince(proposal, since)) decided[proposal.status] += 1;
    }
  return {
    connectionId: id,
    sample: kind === 'demo',
    ...figures,
    suggestions: { waiting, decidedSince: since, ...decided },
  };
}
