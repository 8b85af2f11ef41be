// Suggestions recorded at the service for this organisation, with their current status.
import { useQuery } from '@tanstack/react-query';
import { errorMessage, unwrap } from '../../lib/call';
import { formatValue } from '../../lib/format';

export function SuggestionsView() {
  const proposals = useQuery({
    queryKey: ['proposals', 'recent'],
    queryFn: () => unwrap(window.propdesk.proposals.list({ limit: 100 })),
  });
  const rows = proposals.data?.data ?? [];
  return (
    <>
      <header className="toolbar">
        <h1>Suggestions</h1>
        <span className="muted">Suggestions change nothing until a person approves them in the service.</span>
      </header>
      <div className="page">
        {proposals.isError ? (
          <div className="alert" role="alert">
            {errorMessage(proposals.error)}
          </div>
        ) : null}
        {proposals.isSuccess && rows.length === 0 ? (
          <div className="empty">
            <h2>No suggestions yet</h2>
            <p>
              Suggestions you submit appear here with their status until a person approves or dismisses them.
            </p>
          </div>
        ) : null}
        {rows.length > 0 ? (
          <table className="grid" aria-label="Suggestions">
            <thead>
              <tr>
                <th scope="col">Summary</th>
                <th scope="col">Type</th>
                <th scope="col">Status</th>
                <th scope="col">Expires</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => (
                <tr key={p.id}>
                  <td>{String(p.summary ?? '')}</td>
                  <td>{String(p.resourceType ?? '')}</td>
                  <td>
                    <span className={`badge state-${String(p.status)}`}>{String(p.status)}</span>
                  </td>
                  <td>{formatValue(p.expiresAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </div>
    </>
  );
}
