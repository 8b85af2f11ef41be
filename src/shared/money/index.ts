// Money: currencies, amounts in the contract's unit or currency units, and money as text.
export {
  currencyCodes,
  currencyDigits,
  currencyForLocale,
  currencyName,
  isCurrencyCode,
  NO_CURRENCY,
} from './currency';
export {
  contractToMinor,
  fromCurrencyUnits,
  fromMinorUnits,
  minorToContract,
  MoneyRangeError,
  roundToCurrency,
  sumMoney,
  toCurrencyUnits,
  toMinorUnits,
} from './money-amount';
export type { MoneySpec, MoneyUnit } from './money-amount';
export { formatContractMoney, formatMoney, parseContractMoney, parseMoney } from './money-text';
export type { ParsedContractMoney, ParsedMoney } from './money-text';
export { regionCurrency } from './region-currency';
