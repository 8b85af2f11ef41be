// The currency in everyday use in each region (ISO 3166 alpha-2 -> ISO 4217), as of 2026. Intl can
// name a locale's likely region (Intl.Locale#maximize) and format any currency, but no Intl API maps
// a region to its currency, so this one table holds that fact. Grouped by currency to stay readable.
const BY_CURRENCY: Record<string, string> = {
  EUR: 'AD AT AX BE BG BL CY DE EE ES FI FR GF GP GR HR IE IT LT LU LV MC ME MF MQ MT NL PM PT RE SI SK SM TF VA XK YT',
  USD: 'AS BQ EC FM GU IO MH MP PR PW SV TC TL UM US VG VI',
  GBP: 'GB GG GS IM JE',
  AUD: 'AU CC CX HM KI NF NR TV',
  NZD: 'CK NU NZ PN TK',
  XOF: 'BF BJ CI GW ML NE SN TG',
  XAF: 'CF CG CM GA GQ TD',
  XPF: 'NC PF WF',
  XCD: 'AG AI DM GD KN LC MS VC',
  XCG: 'CW SX',
  CHF: 'CH LI',
  DKK: 'DK FO GL',
  NOK: 'BV NO SJ',
  MAD: 'EH MA',
  ILS: 'IL PS',
};

/** Regions whose currency code is not shared with another region listed above. */
const SINGLE =
  'AE:AED AF:AFN AL:ALL AM:AMD AO:AOA AR:ARS AW:AWG AZ:AZN BA:BAM BB:BBD BD:BDT BH:BHD BI:BIF ' +
  'BM:BMD BN:BND BO:BOB BR:BRL BS:BSD BT:BTN BW:BWP BY:BYN BZ:BZD CA:CAD CD:CDF CL:CLP CN:CNY ' +
  'CO:COP CR:CRC CU:CUP CV:CVE CZ:CZK DJ:DJF DO:DOP DZ:DZD EG:EGP ER:ERN ET:ETB FJ:FJD FK:FKP ' +
  'GE:GEL GH:GHS GI:GIP GM:GMD GN:GNF GT:GTQ GY:GYD HK:HKD HN:HNL HT:HTG HU:HUF ID:IDR IN:INR ' +
  'IQ:IQD IR:IRR IS:ISK JM:JMD JO:JOD JP:JPY KE:KES KG:KGS KH:KHR KM:KMF KP:KPW KR:KRW KW:KWD ' +
  'KY:KYD KZ:KZT LA:LAK LB:LBP LK:LKR LR:LRD LS:LSL LY:LYD MD:MDL MG:MGA MK:MKD MM:MMK MN:MNT ' +
  'MO:MOP MR:MRU MU:MUR MV:MVR MW:MWK MX:MXN MY:MYR MZ:MZN NA:NAD NG:NGN NI:NIO NP:NPR OM:OMR ' +
  'PA:PAB PE:PEN PG:PGK PH:PHP PK:PKR PL:PLN PY:PYG QA:QAR RO:RON RS:RSD RU:RUB RW:RWF SA:SAR ' +
  'SB:SBD SC:SCR SD:SDG SE:SEK SG:SGD SH:SHP SL:SLE SO:SOS SR:SRD SS:SSP ST:STN SY:SYP SZ:SZL ' +
  'TH:THB TJ:TJS TM:TMT TN:TND TO:TOP TR:TRY TT:TTD TW:TWD TZ:TZS UA:UAH UG:UGX UY:UYU UZ:UZS ' +
  'VE:VES VN:VND VU:VUV WS:WST YE:YER ZA:ZAR ZM:ZMW ZW:ZWG';

const TABLE: ReadonlyMap<string, string> = new Map([
  ...Object.entries(BY_CURRENCY).flatMap(([currency, regions]) =>
    regions.split(' ').map((region) => [region, currency] as const),
  ),
  ...SINGLE.split(' ').map((pair) => pair.split(':') as [string, string]),
]);

/** The currency of a two-letter region code, or undefined for a region not in the table. */
export function regionCurrency(region: string): string | undefined {
  return TABLE.get(region.toUpperCase());
}

/** Every region in the table, for tests that check each code against Intl. */
export function tabledRegions(): string[] {
  return [...TABLE.keys()];
}
