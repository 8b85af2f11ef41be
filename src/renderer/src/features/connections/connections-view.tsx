// The connections screen: which service PropDesk reads from; add, edit, remove, switch and test.
import { Alert } from '../../ui/alert';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Dialog } from 'radix-ui';
import { CheckCircle2, KeyRound, Plus, Stethoscope } from 'lucide-react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import type { Connection } from '../../../../shared/ipc';
import { errorMessage } from '../../lib/call';
import { ConnectionForm } from './connection-form';
import { currencyLabel } from './currency-select';
import { DemoExpiryChoice } from './demo-expiry-choice';
import { RefusedNote } from './refused-note';
import { ScopeMatrix } from './scope-matrix';
import { useConnectionActions, useConnections } from './use-connections-api';

function FormDialog({
  title,
  trigger,
  existing,
  openAtFirst = false,
}: {
  title: string;
  trigger: ReactNode;
  existing?: Connection;
  openAtFirst?: boolean;
}) {
  const [open, setOpen] = useState(openAtFirst);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog" aria-describedby={undefined}>
          <Dialog.Title>{title}</Dialog.Title>
          <ConnectionForm {...(existing ? { existing } : {})} onDone={() => setOpen(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Where a connection's key is, in words. */
const KEY_WORDS: Record<Connection['keyState'], string> = {
  stored: 'API key stored in the system keychain',
  session:
    'API key used until you quit: the keychain refused to store it. PropDesk stores it as soon as the keychain lets it.',
  lost: 'The keychain refused to store this API key, and it was not kept after PropDesk quit. Enter it again under Edit.',
  unavailable: 'API key in the keychain, which cannot be read now: unlock it to use this connection.',
  none: 'No API key stored',
};

function ConnectionCard({ connection, active }: { connection: Connection; active: boolean }) {
  const { switchTo, remove, test } = useConnectionActions(connection.id);
  const problem = switchTo.error ?? remove.error ?? test.error;

  return (
    <section className="card" aria-label={connection.name}>
      <div className="card-row">
        <div style={{ flex: 1 }}>
          <h2 style={{ marginBottom: 2 }}>
            {connection.name} {connection.kind === 'demo' ? <span className="badge">Demo</span> : null}
          </h2>
          <div className="muted">{connection.baseUrl}</div>
          <div className="muted">
            {connection.kind === 'demo'
              ? 'Sample data on this computer; nothing leaves it.'
              : KEY_WORDS[connection.keyState]}
          </div>
          <div className="muted">
            Amounts in {currencyLabel(connection.currency)}
            {connection.currencySource === 'region' ? ', the currency of this computer’s region' : ''}
          </div>
        </div>
        {active ? (
          <span className="in-use">
            <CheckCircle2 size={16} aria-hidden /> In use
          </span>
        ) : (
          <button
            className="btn primary"
            type="button"
            onClick={() => switchTo.mutate()}
            disabled={switchTo.isPending}
          >
            Use this connection
          </button>
        )}
      </div>
      <div className="card-actions">
        <button className="btn" type="button" onClick={() => test.mutate()} disabled={test.isPending}>
          <Stethoscope size={14} aria-hidden /> {test.isPending ? 'Testing…' : 'Test connection'}
        </button>
        <FormDialog
          title={`Edit ${connection.name}`}
          existing={connection}
          trigger={
            <button className="btn" type="button">
              Edit
            </button>
          }
        />
        {connection.kind === 'remote' ? (
          <ConfirmDialog
            trigger={
              <button className="btn" type="button">
                Remove
              </button>
            }
            title={`Remove ${connection.name}?`}
            description="PropDesk forgets this connection and deletes its API key from the system keychain. Nothing changes at the service."
            confirmLabel="Remove connection"
            onConfirm={() => remove.mutate()}
          />
        ) : null}
      </div>
      {connection.kind === 'demo' ? <DemoExpiryChoice /> : null}
      <RefusedNote connectionId={connection.id} />
      {problem ? <Alert>{errorMessage(problem)}</Alert> : null}
      {test.data ? <ScopeMatrix checks={test.data.checks} /> : null}
    </section>
  );
}

/** `add`: the form for a new connection opens with the screen (from Today's sample-data banner). */
export function ConnectionsView({ add = false }: { add?: boolean }) {
  const connections = useConnections();
  const data = connections.data;
  return (
    <>
      <header className="toolbar">
        <h1>Connections</h1>
        <span className="spacer" />
        <FormDialog
          title="Add a connection"
          openAtFirst={add}
          trigger={
            <button className="btn primary" type="button">
              <Plus size={14} aria-hidden /> Add connection
            </button>
          }
        />
      </header>
      <div className="page list">
        {connections.isError ? <Alert>{errorMessage(connections.error)}</Alert> : null}
        {data?.keychain.problem ? (
          <div className="alert" role="status">
            <KeyRound size={16} aria-hidden />
            <div>
              <strong>
                {data.keychain.persistent
                  ? 'The keychain kept some keys PropDesk no longer uses.'
                  : 'The keychain refused; some keys are kept until you quit.'}
              </strong>
              <div>{data.keychain.problem}</div>
            </div>
          </div>
        ) : null}
        {data?.connections.map((c) => (
          <ConnectionCard key={c.id} connection={c} active={c.id === data.activeId} />
        ))}
      </div>
    </>
  );
}
