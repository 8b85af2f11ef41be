// What the connection form holds while it is filled in, and what saving it asks of main: a new
// connection, or an update of the one on show (its addresses only when it is a remote one, its key
// only when a new one was typed). The key typed is forgotten once saved.
import { useReducer } from 'react';
import type { FormEvent } from 'react';
import type { Connection } from '../../../../shared/ipc';
import { REGION_CHOICE } from './currency-select';
import { useSaveConnection } from './use-connections-api';
import type { ConnectionSave } from './use-connections-api';

export interface ConnectionFields {
  name: string;
  baseUrl: string;
  webOrigin: string;
  apiKey: string;
  /** A currency code, or REGION_CHOICE to follow this computer's region. */
  currency: string;
  keepCopy: boolean;
}

const startingFields = (existing: Connection | undefined): ConnectionFields => ({
  name: existing?.name ?? '',
  baseUrl: existing?.baseUrl ?? 'https://',
  webOrigin: existing?.webOrigin ?? '',
  apiKey: '',
  currency: existing?.currencySource === 'chosen' ? existing.currency : REGION_CHOICE,
  keepCopy: true,
});

const edit = (fields: ConnectionFields, change: Partial<ConnectionFields>) => ({ ...fields, ...change });

function saveRequest(existing: Connection | undefined, f: ConnectionFields): ConnectionSave {
  const currency = f.currency || null;
  if (!existing) {
    const { name, baseUrl, apiKey, keepCopy } = f;
    return {
      kind: 'add',
      args: { name, baseUrl, webOrigin: f.webOrigin || null, apiKey, currency, keepCopy },
    };
  }
  return {
    kind: 'update',
    args: {
      id: existing.id,
      name: f.name,
      currency,
      ...(existing.kind === 'remote' ? { baseUrl: f.baseUrl, webOrigin: f.webOrigin || null } : {}),
      ...(f.apiKey ? { apiKey: f.apiKey } : {}),
    },
  };
}

export function useConnectionForm(existing: Connection | undefined, onDone: () => void) {
  const [fields, set] = useReducer(edit, existing, startingFields);
  const save = useSaveConnection(() => {
    set({ apiKey: '' });
    onDone();
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(saveRequest(existing, fields));
  };
  return { fields, set, save, submit };
}
