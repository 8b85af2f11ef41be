// Renewals for the active connection: the preview of every lease to renew (from a complete offline
// copy at once, saying how old it is; else from the service), and the drafts made from the rows as
// the landlord left them. Before drafting every lease, its unit and the unit's leases are read live
// from the service: a lease whose tenant or unit changed since the preview, that another lease now
// follows, or that is gone stops the drafting, and the preview comes back as the service has it now.
// Otherwise one draft per 200 changes, labelled as parts of one renewal (draft-group.ts).
import type { CompiledContract } from '../../shared/contract';
import type { DraftChangeInput } from '../../shared/drafts';
import { currencyDigits, fromCurrencyUnits } from '../../shared/money';
import type {
  RenewalDraftAnswer,
  RenewalEdit,
  RenewalPreview,
  RenewalQuery,
  RenewalRow,
} from '../../shared/renewals';
import type { ServiceRecord } from '../../shared/service';
import { UserError } from '../base/user-error';
import { connectionCurrency } from '../connections/connection-currency';
import type { ServiceClient } from '../connections/types';
import { moneyRoles } from '../portfolio/money-roles';
import type { ConnectionRepository } from '../store/connection-repo';
import { createDraftGroup } from './draft-group';
import type { DraftGroupPorts } from './draft-group';
import { renewalFields, renewalWrites } from './renewal-fields';
import type { RenewalFields } from './renewal-fields';
import { readRenewals } from './renewal-records';
import type { ReadRenewals, RenewalReader } from './renewal-records';
import { computeRenewals } from './renewals';
import type { RenewalSetting } from './renewals';

export interface RenewalPorts extends DraftGroupPorts {
  connections: Pick<ConnectionRepository, 'get'>;
  activeConnectionId(): string;
  cachedContract(connectionId: string): CompiledContract | undefined;
  fetchContract(): Promise<CompiledContract | undefined>;
  /** The service itself: what must be current. */
  client(): ServiceClient;
  /** Lists and records from a complete offline copy first, else the service. */
  browseRecords(): RenewalReader;
  now?: () => Date;
}

/** The live service as a renewal reader: every answer is the service's own. */
const live = (client: ServiceClient): RenewalReader => ({
  ...(client.host ? { host: client.host } : {}),
  list: (collection, query, options) => client.list(collection, query, options),
  get: async (collection, id) => ({ record: await client.get(collection, id) }),
});

export class RenewalDrafts {
  constructor(private readonly o: RenewalPorts) {}

  async preview(query: RenewalQuery, signal?: AbortSignal): Promise<RenewalPreview> {
    const { setting } = await this.setting();
    const read = await readRenewals(this.o.browseRecords(), query.leases, setting.fields.unit, signal);
    return this.previewOf(read, query, setting);
  }

  /** The renewals as edited, drafted after a live check; or, when leases changed, the preview again. */
  async draft(
    query: RenewalQuery,
    label: string,
    edits: readonly RenewalEdit[],
  ): Promise<RenewalDraftAnswer> {
    if (edits.length === 0)
      throw new UserError('nothing_to_draft', 'No lease is left in to renew, so no draft was made.');
    const { setting, connectionId } = await this.setting();
    const ids = edits.map((e) => e.leaseId);
    const read = await readRenewals(live(this.o.client()), { ids }, setting.fields.unit);
    const preview = this.previewOf(read, { ...query, leases: { ids } }, setting);
    const changed = changesSince(edits, preview.rows, read.missing);
    if (changed.length) return { outcome: 'changed', preview, changed };
    const leases = new Map(read.leases.map((l) => [l.id, l]));
    const units = edits.map((edit) => renewalChanges(edit, leases.get(edit.leaseId)!, setting));
    return { outcome: 'drafted', draftIds: createDraftGroup(this.o, connectionId, label, units) };
  }

  private async setting(): Promise<{ setting: RenewalSetting; connectionId: string }> {
    const connectionId = this.o.activeConnectionId();
    const contract = this.o.cachedContract(connectionId) ?? (await this.o.fetchContract());
    if (!contract)
      throw new UserError(
        'no_contract',
        "PropDesk needs the service's list of fields to know what a lease holds, and hasn't been able to read it yet. Connect to the service once, then try again.",
      );
    const market = moneyRoles(contract).find((r) => r.collection === 'units');
    return {
      connectionId,
      setting: {
        fields: renewalFields(contract),
        market: market ? { name: market.field, unit: market.unit } : null,
        currency: connectionCurrency(this.o.connections.get(connectionId) ?? {}).currency,
        today: (this.o.now?.() ?? new Date()).toISOString().slice(0, 10),
      },
    };
  }

  private previewOf(read: ReadRenewals, query: RenewalQuery, setting: RenewalSetting): RenewalPreview {
    const rows: RenewalRow[] = [
      ...computeRenewals(read, query, setting),
      ...read.missing.map((leaseId) => ({ ...gone(leaseId), skipped: 'Not found at the service' })),
    ];
    return {
      rows,
      currency: setting.currency,
      asOf: read.copyAsOf ?? (this.o.now?.() ?? new Date()).toISOString(),
      ...(read.copyAsOf ? { fromCopy: true } : {}),
      writes: renewalWrites(setting.fields),
    };
  }
}

const gone = (leaseId: string): RenewalRow => ({
  leaseId,
  tenantId: null,
  unitId: null,
  propertyId: null,
  ends: null,
  current: null,
  market: null,
  start: null,
  end: null,
  months: null,
  rent: null,
  deposit: null,
  skipped: null,
  followedBy: null,
});

/** The renewals whose lease is not, at the service now, what the preview showed. */
function changesSince(
  edits: readonly RenewalEdit[],
  rows: readonly RenewalRow[],
  missing: readonly string[],
): Array<{ leaseId: string; reason: string }> {
  const byId = new Map(rows.map((r) => [r.leaseId, r]));
  return edits.flatMap(({ leaseId, tenantId, unitId }) => {
    const row = byId.get(leaseId);
    if (missing.includes(leaseId) || !row) return [{ leaseId, reason: 'No longer at the service' }];
    if (row.tenantId !== tenantId) return [{ leaseId, reason: 'Its tenant changed at the service' }];
    if (row.unitId !== unitId) return [{ leaseId, reason: 'Its unit changed at the service' }];
    if (row.skipped !== null) return [{ leaseId, reason: row.skipped }];
    return [];
  });
}

/** A renewal's changes: the new lease, and the note on the old one where the contract has a field for it. */
function renewalChanges(edit: RenewalEdit, old: ServiceRecord, setting: RenewalSetting): DraftChangeInput[] {
  const { fields } = setting;
  const digits = currencyDigits(setting.currency);
  const carried = Object.fromEntries(fields.carried.map((f) => [f.name, old[f.name]]));
  const lease: DraftChangeInput = {
    operation: 'create',
    resourceType: 'lease',
    fields: {
      ...carried,
      [fields.tenant]: edit.tenantId,
      [fields.unit]: edit.unitId,
      [fields.start]: edit.start,
      [fields.end]: edit.end,
      [fields.rent.name]: fromCurrencyUnits(edit.rent, { unit: fields.rent.unit, digits }),
      [fields.deposit.name]: fromCurrencyUnits(edit.deposit, { unit: fields.deposit.unit, digits }),
      ...(fields.status ? { [fields.status.name]: fields.status.value } : {}),
    },
  };
  return fields.renewed ? [lease, renewedNote(old, fields.renewed)] : [lease];
}

const renewedNote = (
  old: ServiceRecord,
  renewed: NonNullable<RenewalFields['renewed']>,
): DraftChangeInput => ({
  operation: 'update',
  resourceType: 'lease',
  resourceId: old.id,
  fields: { [renewed.name]: renewed.value },
  snapshot: old,
});
