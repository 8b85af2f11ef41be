// The connections screen: which service PropDesk reads from, and switching between them.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, KeyRound } from 'lucide-react';
import { errorMessage, unwrap } from '../../lib/call';
import { useConnections } from './use-connections';

export function ConnectionsView() {
  const connections = useConnections();
  const client = useQueryClient();
  const switchTo = useMutation({
    mutationFn: (id: string) => unwrap(window.propdesk.connections.switch({ id })),
    onSuccess: () => void client.resetQueries(),
  });
  const data = connections.data;
  return (
    <>
      <header className="toolbar">
        <h1>Connections</h1>
      </header>
      <div className="page list">
        {connections.isError ? (
          <div className="alert" role="alert">
            {errorMessage(connections.error)}
          </div>
        ) : null}
        {data && !data.keychain.persistent ? (
          <div className="alert" role="status">
            <KeyRound size={16} aria-hidden />
            <div>
              <strong>API keys are kept for this session only.</strong>
              <div>{data.keychain.problem}</div>
            </div>
          </div>
        ) : null}
        {data?.connections.map((c) => {
          const active = c.id === data.activeId;
          return (
            <section
              key={c.id}
              className="card"
              aria-label={c.name}
              style={{ display: 'flex', alignItems: 'center', gap: 12 }}
            >
              <div style={{ flex: 1 }}>
                <h2 style={{ marginBottom: 2 }}>
                  {c.name} {c.kind === 'demo' ? <span className="badge">Demo</span> : null}
                </h2>
                <div className="muted">{c.baseUrl}</div>
                <div className="muted">{c.hasKey ? 'API key stored' : 'No API key yet'}</div>
              </div>
              {active ? (
                <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6, color: 'var(--ok)' }}>
                  <CheckCircle2 size={16} aria-hidden /> In use
                </span>
              ) : (
                <button
                  className="btn"
                  type="button"
                  onClick={() => switchTo.mutate(c.id)}
                  disabled={switchTo.isPending}
                >
                  Use this connection
                </button>
              )}
            </section>
          );
        })}
        {switchTo.isError ? (
          <div className="alert" role="alert">
            {errorMessage(switchTo.error)}
          </div>
        ) : null}
      </div>
    </>
  );
}
