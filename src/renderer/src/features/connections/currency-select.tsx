// Choosing the currency a connection's amounts are in: every ISO 4217 code this runtime's Intl knows,
// named in the OS locale, with "this computer's region" first (the default until one is chosen).
import { useMemo } from 'react';
import { currencyCodes, currencyName } from '../../../../shared/money';

export const REGION_CHOICE = '';

export function currencyLabel(code: string): string {
  const name = currencyName(code);
  return name === code ? code : `${name} (${code})`;
}

export function CurrencySelect({
  id,
  value,
  regionCurrency,
  onChange,
}: {
  id: string;
  /** A code, or REGION_CHOICE to follow this computer's region. */
  value: string;
  /** The region's currency when known (an existing connection reports it), for the first option. */
  regionCurrency: string | undefined;
  onChange: (value: string) => void;
}) {
  const options = useMemo(
    () =>
      [...currencyCodes()]
        .map((code) => ({ code, label: currencyLabel(code) }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [],
  );
  return (
    <select id={id} className="input" value={value} onChange={(e) => onChange(e.target.value)}>
      <option value={REGION_CHOICE}>
        {regionCurrency
          ? `This computer’s region: ${currencyLabel(regionCurrency)}`
          : 'This computer’s region'}
      </option>
      {options.map((o) => (
        <option key={o.code} value={o.code}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
