// Adding or editing a connection. The API key field is write-only: PropDesk never shows a stored key,
// it only says whether one is stored.
import { DialogActions } from '../../ui/dialog-actions';
import { Alert } from '../../ui/alert';
import { TextField } from '../../ui/text-field';
import { useId } from 'react';
import type { Connection } from '../../../../shared/ipc';
import { errorMessage } from '../../lib/call';
import { CurrencySelect } from './currency-select';
import { useConnectionForm } from './use-connection-form';

export function ConnectionForm({ existing, onDone }: { existing?: Connection; onDone: () => void }) {
  const { fields, set, save, submit } = useConnectionForm(existing, onDone);
  const currencyId = useId();
  return (
    <form className="form" onSubmit={submit}>
      <TextField
        label="Name"
        value={fields.name}
        onChange={(name) => set({ name })}
        required
        maxLength={100}
        placeholder="e.g. Maple Property Group"
      />
      {existing?.kind !== 'demo' ? (
        <>
          <TextField
            label="Service address"
            value={fields.baseUrl}
            onChange={(baseUrl) => set({ baseUrl })}
            required
            type="url"
            placeholder="https://pm.example.com"
          />
          <TextField
            label="API key"
            note={
              existing?.hasKey
                ? '(a key is stored; leave empty to keep it — a new server needs its own key)'
                : null
            }
            value={fields.apiKey}
            onChange={(apiKey) => set({ apiKey })}
            type="password"
            autoComplete="off"
            spellCheck={false}
            required={!existing}
            placeholder={
              existing?.hasKey ? '••••••••••••' : 'Paste the key an Admin created in API & Automation'
            }
          />
          <TextField
            label="Web app address for review links"
            note="(optional)"
            value={fields.webOrigin}
            onChange={(webOrigin) => set({ webOrigin })}
            type="url"
            placeholder="https://app.example.com"
          />
        </>
      ) : null}
      <label htmlFor={currencyId}>
        Currency of the service’s amounts
        <CurrencySelect
          id={currencyId}
          value={fields.currency}
          regionCurrency={existing?.currencySource === 'region' ? existing.currency : undefined}
          onChange={(currency) => set({ currency })}
        />
      </label>
      {/* Whether a new connection keeps an offline copy, asked before its first copy is made by itself. */}
      {!existing ? (
        <label className="inline">
          <input
            type="checkbox"
            checked={fields.keepCopy}
            onChange={(e) => set({ keepCopy: e.target.checked })}
          />
          Keep an offline copy of its records on this computer{' '}
          <span className="muted">
            (for Portfolio, Today, search and working offline; you can delete it at any time)
          </span>
        </label>
      ) : null}
      {save.isError ? <Alert>{errorMessage(save.error)}</Alert> : null}
      <DialogActions cancel="Cancel">
        <button type="submit" className="btn primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : existing ? 'Save changes' : 'Add connection'}
        </button>
      </DialogActions>
    </form>
  );
}
