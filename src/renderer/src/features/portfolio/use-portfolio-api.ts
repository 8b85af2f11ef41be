// The portfolio's traffic with main: the overview's figures, each view's table, its CSV export and
// Save as PDF. A new or changed offline copy has them read again (see the shell's bridge sync).
import { useMutation, useQuery } from '@tanstack/react-query';
import type { PortfolioPdfView } from '../../../../shared/portfolio';
import type { IncomePeriod } from '../../../../shared/income-period';
import type { ChannelArgs } from '../../../../shared/ipc';
import { unwrap } from '../../lib/call';
import { queryKeys } from '../../lib/query-keys';
import { whilePrinting } from '../../lib/print-mode';

export function usePortfolioOverview() {
  return useQuery({
    queryKey: queryKeys.portfolio.overview,
    queryFn: () => unwrap(window.propdesk.portfolio.overview({})),
    staleTime: 60_000,
  });
}

type ViewArgs = ChannelArgs<'portfolio.view'>;

export function usePortfolioTable(args: ViewArgs) {
  return useQuery({
    queryKey: queryKeys.portfolio.view(
      args.view,
      args.focus ?? null,
      args.asOfDay ?? null,
      args.period ?? null,
      args.within ?? null,
    ),
    queryFn: () => unwrap(window.propdesk.portfolio.view(args)),
    staleTime: 60_000,
  });
}

export function usePortfolioExport(args: ViewArgs) {
  return useMutation({ mutationFn: () => unwrap(window.propdesk.portfolio.export(args)) });
}

/** Save as PDF, in print mode for the whole save: a table then prints every row, not only those drawn. */
export function useSavePdf(view: PortfolioPdfView, asOfDay?: string, period?: IncomePeriod) {
  return useMutation({
    mutationFn: () =>
      whilePrinting(() =>
        unwrap(
          window.propdesk.portfolio.savePdf({
            view,
            ...(asOfDay ? { asOfDay } : {}),
            ...(period ? { period } : {}),
          }),
        ),
      ),
  });
}
