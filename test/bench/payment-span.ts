// The span of payments every benchmark's demo service is started with: 13 months, the span the earlier
// figures in BENCHMARKS.md were measured with, so a figure measured again compares with them (the demo's
// own default is 25 months, for a whole last calendar year). The network benchmark writes it beside
// its figures.
export const BENCH_PAYMENT_MONTHS = 13;

/** The sandbox's command-line options for it. */
export const benchPaymentMonthsArgs = (): string[] => ['--payment-months', String(BENCH_PAYMENT_MONTHS)];
