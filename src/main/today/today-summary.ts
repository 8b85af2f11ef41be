// Today's summary: the portfolio's figures from the offline copy (or, while the copy is made, from the
// service's own filtered listings, counted by the same rules), the tracked suggestions waiting and
// those decided in the last days, and whether the connection is the built-in sample organisation.
import { decidedSince } from '../../shared/decided-since';
import { RECENT_DECISION_DAYS, TODAY_FIGURES } from '../../shared/today';
import type { TodayFigureName, TodaySummary } from '../../shared/today';
import type { SuggestionsState } from '../../shared/suggestions';
import type { PortfolioService } from '../portfolio/portfolio-service';
import type { TodayFigures } from '../portfolio/today-figures';
import { FIGURE_COLLECTION } from './service-asks';
import type { TodayServiceReadings } from './service-readings';

export interface TodaySources {
  portfolio: Pick<PortfolioService, 'todayFigures'>;
  service: Pick<TodayServiceReadings, 'ask' | 'state' | 'answers' | 'answered' | 'release'>;
  suggestions: () => SuggestionsState;
  connection: () => { id: string; kind: 'demo' | 'remote' };
  /** Whether an offline copy of the connection is kept (and so is being made while it lacks a collection). */
  copyKept: (connectionId: string) => boolean;
  log: (message: string) => void;
}

export function todaySummary(s: TodaySources): TodaySummary {
  const { id, kind } = s.connection();
  const copied = s.portfolio.todayFigures();
  const lacking = TODAY_FIGURES.filter((f) => copied.missing.includes(FIGURE_COLLECTION[f]));
  giveWay(s, id, copied);
  if (lacking.length && s.copyKept(id)) s.service.ask(id, lacking, copied.today);
  const answered = s.service.answered(id);
  const figures = Object.keys(answered).length ? s.portfolio.todayFigures(answered) : copied;
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
    fromService: s.service.answers(id),
    suggestions: { waiting, decidedSince: since, ...decided },
  };
}

/**
 * The copy now holds a collection a figure was answered from by the service: the copy's figure takes
 * its place, and a difference between the two is written to main's log with both counts.
 */
function giveWay(s: TodaySources, connectionId: string, copied: TodayFigures & { missing: string[] }): void {
  for (const figure of TODAY_FIGURES) {
    if (copied.missing.includes(FIGURE_COLLECTION[figure])) continue;
    const reading = s.service.state(connectionId, figure);
    if (!reading) continue;
    s.service.release(connectionId, figure);
    if (reading.state !== 'done') continue;
    const fromService = countsOf(
      figure,
      s.portfolio.todayFigures({ [FIGURE_COLLECTION[figure]]: reading.rows }),
    );
    const fromCopy = countsOf(figure, copied);
    if (fromService !== fromCopy)
      s.log(
        `Today's ${figure} differed: the service's filtered listings gave ${fromService}, the offline copy gives ${fromCopy}`,
      );
  }
}

/** A figure's counts in words, to compare and to log. */
function countsOf(figure: TodayFigureName, f: TodayFigures): string {
  switch (figure) {
    case 'endingLeases':
      return (f.endingLeases ?? []).map((e) => `${e.count} within ${e.days} days`).join(', ') || 'none';
    case 'latePayments':
      return f.latePayments ? `${f.latePayments.count} late payments` : 'none';
    case 'urgentMaintenance':
      return (f.urgentMaintenance ?? []).map((m) => `${m.count} ${m.priority}`).join(', ') || 'none';
    case 'unverifiedDocuments':
      return `${f.unverifiedDocuments ?? 'no'} unverified documents`;
  }
}
