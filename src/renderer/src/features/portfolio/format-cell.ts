// Formats a portfolio cell by its column kind: money and days through the app's Intl formatters (a day
// in the one date style of every screen), day counts and counts as whole numbers, states with their
// underscores turned into spaces.
import type { PortfolioCell, PortfolioCellKind } from '../../../../shared/portfolio';
import { assertNever } from '../../../../shared/app-error';
import { formatDay } from '../../lib/format-day';
import { formatMoney } from '../../lib/format-money';
import { enumWords } from '../../../../shared/contract';

const whole = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });

/** `currency`: the active connection's; the views' amounts are in its currency units. */
export function formatCell(
  value: PortfolioCell | undefined,
  kind: PortfolioCellKind,
  currency: string,
): string {
  if (value === null || value === undefined || value === '') return '—';
  switch (kind) {
    case 'money':
      return typeof value === 'number' ? formatMoney(value, currency) : String(value);
    case 'date':
      return formatDay(String(value));
    case 'integer':
      return typeof value === 'number' ? whole.format(value) : String(value);
    case 'days':
      return typeof value === 'number' ? `${whole.format(value)} d` : String(value);
    case 'status':
      return enumWords(String(value));
    case 'text':
    case 'id':
      return String(value);
    default:
      return assertNever(kind, 'cell kind');
  }
}

export const isNumericKind = (kind: PortfolioCellKind) =>
  kind === 'money' || kind === 'integer' || kind === 'days';
