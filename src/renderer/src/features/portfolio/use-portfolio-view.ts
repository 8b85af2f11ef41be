// One portfolio view (rent roll, expirations, …) as main computes it from the offline copy, and its
// export to a CSV file main asks where to save.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { PortfolioViewName } from '../../../../shared/portfolio';
import type { PortfolioFocus } from '../../../../shared/portfolio-focus';
import { unwrap } from '../../lib/call';

export function usePortfolioView(view: PortfolioViewName, focus: PortfolioFocus | undefined) {
  const args = focus ? { view, focus } : { view };
  const table = useQuery({
    queryKey: ['portfolio', view, focus ?? null],
    queryFn: () => unwrap(window.propdesk.portfolio.view(args)),
    staleTime: 60_000,
  });
  const exporting = useMutation({ mutationFn: () => unwrap(window.propdesk.portfolio.export(args)) });
  return { table, exporting };
}
