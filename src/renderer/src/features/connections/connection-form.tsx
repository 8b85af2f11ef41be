// Adding or editing a connection. The API key field is write-only: PropDesk never shows a stored key,
// it only says whether one is stored.
import { DialogActions } from '../../ui/dialog-actions';
import { Alert } from '../../ui/alert';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { Connection } from '../../../../shared/ipc';
import { errorMessage } from '../../lib/call';
import { CurrencySelect, REGION_CHOICE } from './currency-select';
import { KeepCopyChoice } from './keep-copy-choice';
import { useSaveConnection } from './use-connections-api';

export function ConnectionForm({ existing, onDone }: { existing?: Connection; onDone: () => void }) {
  const [name, setName] = useState(existing?.name ?? '');
  const [baseUrl, setBaseUrl] = useState(existing?.baseUrl ?? 'https://');
  const [webOrigin, setWebOrigin] = useState(existing?.webOrigin ?? '');
  const [apiKey, setApiKey] = useState('');
  const [keepCopy, setKeepCopy] = useState(true);
  const [currency, setCurrency] = useState(
    existing?.currencySource === 'chosen' ? existing.currency : REGION_CHOICE,
  );
  const currencyId = useId();
  const save = useSaveConnection(() => {
    setApiKey('');
    onDone();
  });
  const demo = existing?.kind === 'demo';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      existing
        ? {
            kind: 'update',
            args: {
              id: existing.id,
              name,
              currency: currency || null,
              ...(existing.kind === 'remote' ? { baseUrl, webOrigin: webOrigin || null } : {}),
              ...(apiKey ? { apiKey } : {}),
            },
          }
        : {
            kind: 'add',
            args: {
              name,
              baseUrl,
              webOrigin: webOrigin || null,
              apiKey,
              currency: currency || null,
              keepCopy,
            },
          },
    );
  };

  return (
    <form className="form" onSubmit={submit}>
      <label>
        Name
        <input
          className="input"
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          maxLength={100}
          placeholder="e.g. Maple Property Group"
        />
      </label>
      {!demo ? (
        <>
          <label>
            Service address
            <input
              className="input"
              value={baseUrl}
              onChange={(e) => setBaseUrl(e.target.value)}
              required
              type="url"
              placeholder="https://pm.example.com"
            />
          </label>
          <label>
            API key{' '}
            {existing?.hasKey ? (
              <span className="muted">
                (a key is stored; leave empty to keep it — a new server needs its own key)
              </span>
            ) : null}
            <input
              className="input"
              value={apiKey}
              onChange={(e) => setApiKey(e.target.value)}
              type="password"
              autoComplete="off"
              spellCheck={false}
              required={!existing}
              placeholder={
                existing?.hasKey ? '••••••••••••' : 'Paste the key an Admin created in API & Automation'
              }
            />
          </label>
          <label>
            Web app address for review links <span className="muted">(optional)</span>
            <input
              className="input"
              value={webOrigin}
              onChange={(e) => setWebOrigin(e.target.value)}
              type="url"
              placeholder="https://app.example.com"
            />
          </label>
        </>
      ) : null}
      <label htmlFor={currencyId}>
        Currency of the service’s amounts
        <CurrencySelect
          id={currencyId}
          value={currency}
          regionCurrency={existing?.currencySource === 'region' ? existing.currency : undefined}
          onChange={setCurrency}
        />
      </label>
      {!existing ? <KeepCopyChoice keep={keepCopy} onChange={setKeepCopy} /> : null}
      {save.isError ? <Alert>{errorMessage(save.error)}</Alert> : null}
      <DialogActions cancel="Cancel">
        <button type="submit" className="btn primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : existing ? 'Save changes' : 'Add connection'}
        </button>
      </DialogActions>
    </form>
  );
}
