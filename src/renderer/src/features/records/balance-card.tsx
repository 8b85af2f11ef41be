// The balance line of a tenant's, a lease's and a property's page: "Owes $3,400 since Dec 1, 2025 — 4
// unpaid charges", with the same estimate, words and caveat as the Delinquency view, the unpaid charges
// oldest first (a tenant's or a lease's), and where the figures were read from.
import type { Balance, BalanceCollection } from '../../../../shared/balance';
import { assertNever } from '../../../../shared/app-error';
import { errorMessage } from '../../lib/call';
import { formatDay, formatMoment } from '../../lib/format-day';
import { formatMoney } from '../../lib/format-money';
import { formatRoute } from '../../router/routes';
import { Alert } from '../../ui/alert';
import { StatusChip } from '../../ui/status-chip';
import { useCurrency } from '../connections/use-currency';
import { useBalance } from './use-records-api';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** The headline: what is owed and since when, or that nothing is. */
export function balanceWords(balance: Balance, collection: BalanceCollection, currency: string): string {
  const who = collection === 'properties' ? 'Its tenants owe' : 'Owes';
  if (balance.count === 0)
    return collection === 'properties' ? 'Its tenants owe nothing overdue' : 'Owes nothing overdue';
  const amount = balance.total === null ? '' : ` ${formatMoney(balance.total, currency)}`;
  const since = balance.since ? ` since ${formatDay(balance.since)}` : '';
  const charges = plural(balance.count, 'unpaid charge', 'unpaid charges');
  const tenants = collection === 'properties' ? `, ${plural(balance.tenants, 'tenant', 'tenants')}` : '';
  return `${who}${amount}${since} — ${charges}${tenants}`;
}

function sourceWords(source: Balance['source']): string | null {
  switch (source.kind) {
    case 'service':
      return null;
    case 'copy':
      return `From the offline copy of ${formatMoment(source.asOf)}.`;
    case 'part':
      return `No offline copy yet: counted over the first ${source.read.toLocaleString()} of ${source.units.toLocaleString()} units only. Update the offline copy for the whole property.`;
    default:
      return assertNever(source, 'balance source');
  }
}

export function BalanceView({
  balance,
  collection,
  currency,
}: {
  balance: Balance;
  collection: BalanceCollection;
  currency: string;
}) {
  const source = sourceWords(balance.source);
  const more = balance.count - balance.charges.length;
  return (
    <>
      <p className={balance.count ? 'balance-line owes' : 'balance-line'}>
        {balanceWords(balance, collection, currency)}
      </p>
      {balance.count ? <p className="muted balance-caveat">{balance.notes.join(' ')}</p> : null}
      {source ? <p className="muted">{source}</p> : null}
      {balance.charges.length ? (
        <ul className="rows" aria-label="Unpaid charges, oldest first">
          {balance.charges.map((c) => (
            <li key={c.paymentId}>
              <a href={formatRoute({ view: 'record', collection: 'payments', id: c.paymentId })}>
                Due {formatDay(c.due)}
              </a>
              <span className="num">{c.amount === null ? '' : formatMoney(c.amount, currency)}</span>
              <StatusChip value={c.status ?? 'unpaid'} tone="owed" after={`${c.daysOverdue} days overdue`} />
            </li>
          ))}
        </ul>
      ) : null}
      {more > 0 ? (
        <p className="muted">And {plural(more, 'later charge', 'later charges')} not listed here.</p>
      ) : null}
    </>
  );
}

export function BalanceCard({ collection, id }: { collection: BalanceCollection; id: string }) {
  const balance = useBalance(collection, id);
  const currency = useCurrency();
  return (
    <section className="card balance-card" aria-labelledby="balance-title">
      <div className="card-row">
        <h2 id="balance-title">Balance</h2>
        <span className="spacer" />
        <a href={formatRoute({ view: 'portfolio', tab: 'delinquency' })}>All tenants in Delinquency</a>
      </div>
      {balance.isPending ? <p className="muted">Counting unpaid charges…</p> : null}
      {balance.isError ? <Alert>{errorMessage(balance.error)}</Alert> : null}
      {balance.data ? (
        <BalanceView balance={balance.data} collection={collection} currency={currency} />
      ) : null}
    </section>
  );
}
