// Today's figures as cards of links, each to exactly the rows it counts; a figure the copy or the
// contract cannot tell says so instead of showing a zero.
import type { ReactNode } from 'react';
import { CalendarClock, FileWarning, Inbox, Receipt, Wrench } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { OfflineCopyStatus } from '../../../../shared/portfolio';
import type { Collection } from '../../../../shared/service';
import type { TodayFigureName, TodaySummary } from '../../../../shared/today';
import { counted } from '../portfolio/overview/chart-words';
import { formatMoney } from '../../lib/format-money';
import { formatDay } from '../../lib/format-day';
import { formatRoute } from '../../router/routes';
import type { Route } from '../../router/routes';
import { todayLinks } from './today-links';
import { FromService, serviceWaitWords } from './service-source';
import { collectionWords } from '../../../../shared/service';
import { enumWords } from '../../../../shared/contract';

function Card({ title, icon: Icon, children }: { title: string; icon: LucideIcon; children: ReactNode }) {
  const id = `today-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="card today-card" aria-labelledby={id}>
      <h2 id={id}>
        <Icon size={15} aria-hidden /> {title}
      </h2>
      {children}
    </section>
  );
}

function Figure({
  route,
  value,
  words,
  extra,
}: {
  route: Route;
  value: number;
  words: string;
  extra?: string;
}) {
  return (
    <a className={`today-figure${value > 0 ? ' due' : ''}`} href={formatRoute(route)}>
      <span className="today-number">{value.toLocaleString()}</span> <span>{words}</span>
      {extra ? <span className="today-extra">{extra}</span> : null}
    </a>
  );
}

/**
 * Why a figure is not shown: its records are being copied (or were copied a moment ago and are being
 * counted), no copy of them yet, or a contract without the field.
 */
function Unknown({
  summary,
  collection,
  status,
  figure,
}: {
  summary: TodaySummary;
  collection: Collection;
  status: OfflineCopyStatus | undefined;
  figure: TodayFigureName;
}) {
  const copy = status?.collections.find((c) => c.collection === collection);
  const words = collectionWords(collection);
  const text = !summary.missing.includes(collection)
    ? 'Not known: the service’s contract does not say (see below).'
    : copy?.asOf
      ? 'Counting…'
      : copy?.run?.state === 'reading'
        ? `Waiting for the offline copy of ${words}: ${copy.run.fetched.toLocaleString()} read so far…`
        : 'Known once the offline copy is made.';
  const asked = summary.missing.includes(collection) ? serviceWaitWords(summary.fromService[figure]) : null;
  return (
    <>
      {asked ? <p className="muted today-unknown">{asked}</p> : null}
      <p className="muted today-unknown">{text}</p>
    </>
  );
}

/** What PropDesk sent and a person has yet to decide, what is not sent yet, and what was decided lately. */
function SuggestionsCard({
  suggestions: s,
  unsent,
}: {
  suggestions: TodaySummary['suggestions'];
  unsent: number;
}) {
  return (
    <Card title="Suggestions" icon={Inbox}>
      <Figure route={todayLinks.waiting()} value={s.waiting} words="waiting for a person to decide" />
      {unsent > 0 ? (
        // Not yet with the service, so not among those waiting for a person: counted apart.
        <Figure
          route={{ view: 'drafts' }}
          value={unsent}
          words={unsent === 1 ? 'submission waiting to be sent' : 'submissions waiting to be sent'}
        />
      ) : null}
      <p className="today-decided">
        Decided since {formatDay(s.decidedSince)}:{' '}
        <a href={formatRoute(todayLinks.decided('applied', s.decidedSince))}>
          {counted(s.applied, 'applied', 'applied')}
        </a>
        ,{' '}
        <a href={formatRoute(todayLinks.decided('dismissed', s.decidedSince))}>
          {counted(s.dismissed, 'dismissed', 'dismissed')}
        </a>
        ,{' '}
        <a href={formatRoute(todayLinks.decided('expired', s.decidedSince))}>
          {counted(s.expired, 'expired', 'expired')}
        </a>
      </p>
    </Card>
  );
}

export function TodayFigures({
  summary,
  currency,
  status,
  unsent,
}: {
  summary: TodaySummary;
  currency: string;
  /** The offline copy's status, to say which figures are on their way. */
  status?: OfflineCopyStatus | undefined;
  /** Submissions in the outbox the service has not recorded yet (queued, sending or held). */
  unsent: number;
}) {
  const s = summary.suggestions;
  const money = (amount: number | null, what: string) =>
    amount === null ? undefined : `${formatMoney(amount, currency)} ${what}`;
  return (
    <div className="today-grid">
      <Card title="Leases ending" icon={CalendarClock}>
        {summary.endingLeases ? (
          summary.endingLeases.map((e) => (
            <Figure
              key={e.days}
              route={todayLinks.ending(e.days)}
              value={e.count}
              words={`${e.count === 1 ? 'lease ends' : 'leases end'} in the next ${e.days} days`}
              {...(money(e.rent, 'monthly rent at stake')
                ? { extra: money(e.rent, 'monthly rent at stake') }
                : {})}
            />
          ))
        ) : (
          <Unknown summary={summary} status={status} collection="leases" figure="endingLeases" />
        )}
        <FromService answer={summary.fromService.endingLeases} />
      </Card>
      <Card title="Late payments" icon={Receipt}>
        {summary.latePayments ? (
          <Figure
            route={todayLinks.latePayments()}
            value={summary.latePayments.count}
            words={
              summary.latePayments.count === 1 ? 'payment past due, unpaid' : 'payments past due, unpaid'
            }
            {...(money(summary.latePayments.amount, 'outstanding')
              ? { extra: money(summary.latePayments.amount, 'outstanding') }
              : {})}
          />
        ) : (
          <Unknown summary={summary} status={status} collection="payments" figure="latePayments" />
        )}
        <FromService answer={summary.fromService.latePayments} />
      </Card>
      <Card title="Urgent maintenance" icon={Wrench}>
        {summary.urgentMaintenance ? (
          summary.urgentMaintenance.length ? (
            summary.urgentMaintenance.map((m) => (
              <Figure
                key={m.priority}
                route={todayLinks.urgent(m.priority)}
                value={m.count}
                words={`open ${enumWords(m.priority)} ${m.count === 1 ? 'request' : 'requests'}`}
              />
            ))
          ) : (
            <p className="muted">The service lists no priority as urgent.</p>
          )
        ) : (
          <Unknown
            summary={summary}
            status={status}
            collection="maintenance_requests"
            figure="urgentMaintenance"
          />
        )}
        <FromService answer={summary.fromService.urgentMaintenance} />
      </Card>
      <Card title="Documents to check" icon={FileWarning}>
        {summary.unverifiedDocuments !== null ? (
          <Figure
            route={todayLinks.unverified()}
            value={summary.unverifiedDocuments}
            words={summary.unverifiedDocuments === 1 ? 'document not verified' : 'documents not verified'}
          />
        ) : (
          <Unknown summary={summary} status={status} collection="documents" figure="unverifiedDocuments" />
        )}
        <FromService answer={summary.fromService.unverifiedDocuments} />
      </Card>
      <SuggestionsCard suggestions={s} unsent={unsent} />
    </div>
  );
}
