// A tenant's notice, drafted as one batch: the lease's new last day and, on its unit, the status that
// says its tenant gave notice and a new asking rent. Which fields those are comes from the contract,
// through the field roles among the fields a suggested update takes (the lease's end date, the unit's
// status and its asking rent as money); the status value is the one whose words say notice. A
// contract without a lease end date takes no notice and says so; one without a unit status for notice
// drafts the end date and says why the unit's status is left as it is.
import type { CompiledContract, FieldDescriptor } from '../../shared/contract';
import { referencedCollection } from '../../shared/contract';
import type { DraftChangeInput } from '../../shared/drafts';
import { roleFieldAmong } from '../../shared/field-roles';
import { dayNumber } from '../../shared/lease-running';
import { contractToMinor, currencyDigits, fromCurrencyUnits, fromMinorUnits } from '../../shared/money';
import type { NoticeArgs, NoticePlan } from '../../shared/notice';
import { numberValue, textValue } from '../../shared/record-values';
import { statusValueFor } from '../../shared/status-meaning';
import type { ServiceRecord } from '../../shared/service';
import { UserError } from '../base/user-error';
import { connectionCurrency } from '../connections/connection-currency';
import type { ConnectionRepository } from '../store/connection-repo';
import { moneyRoleAmong } from '../portfolio/money-roles';
import type { RenewalReader } from './renewal-records';

export interface NoticePorts {
  connections: Pick<ConnectionRepository, 'get'>;
  activeConnectionId(): string;
  cachedContract(connectionId: string): CompiledContract | undefined;
  fetchContract(): Promise<CompiledContract | undefined>;
  /** Records from a complete offline copy first, else the service: drafting works offline. */
  browseRecords(): RenewalReader;
}

interface Read {
  plan: NoticePlan;
  lease: ServiceRecord;
  unit: ServiceRecord | null;
  digits: number;
  unitUnit: 'major' | 'minor';
}

const values = (f: FieldDescriptor) => (f.enumValues ?? []).map(String);

/** The unit's status for notice, or the note that says why there is none. */
function unitStatusOf(
  fields: readonly FieldDescriptor[],
  unit: ServiceRecord | null,
): { status: NoticePlan['unitStatus']; note: string | null } {
  const field = roleFieldAmong(fields, 'units', 'status');
  if (!field)
    return {
      status: null,
      note: "The service's units have no status field a suggestion may set, so the unit's status is left as it is.",
    };
  const value = statusValueFor(values(field), 'notice');
  if (value === null)
    return {
      status: null,
      note: `No ${field.label.toLowerCase()} of a unit says its tenant gave notice (${values(field).join(', ')}), so the unit's status is left as it is.`,
    };
  const now = unit ? textValue(unit[field.name]) : null;
  return { status: { field: field.name, label: field.label, value, now }, note: null };
}

export class NoticeDrafts {
  constructor(private readonly o: NoticePorts) {}

  async plan(leaseId: string): Promise<NoticePlan> {
    return (await this.read(leaseId)).plan;
  }

  /** The batch's changes: the lease's end, and the unit's status and asking rent as asked. */
  async changes(args: NoticeArgs): Promise<DraftChangeInput[]> {
    const { plan, lease, unit, digits, unitUnit } = await this.read(args.leaseId);
    if (args.unitStatus && !plan.unitStatus)
      throw new UserError(
        'unsupported_by_service',
        plan.notes[0] ?? "The unit's status cannot be suggested.",
      );
    if (args.askingRent !== undefined && !plan.askingRent)
      throw new UserError(
        'unsupported_by_service',
        "The service's units have no asking rent a suggestion may set.",
      );
    const changes: DraftChangeInput[] = [
      {
        operation: 'update',
        resourceType: 'lease',
        resourceId: lease.id,
        fields: { [plan.endField.field]: args.endDate },
        snapshot: lease,
      },
    ];
    const unitFields: Record<string, unknown> = {};
    if (args.unitStatus && plan.unitStatus) unitFields[plan.unitStatus.field] = plan.unitStatus.value;
    if (args.askingRent !== undefined && plan.askingRent)
      unitFields[plan.askingRent.field] = fromCurrencyUnits(args.askingRent, { unit: unitUnit, digits });
    if (Object.keys(unitFields).length) {
      if (!unit || !plan.unitId)
        throw new UserError(
          'not_found',
          'The lease names no unit PropDesk could read, so only its end can be suggested.',
        );
      changes.push({
        operation: 'update',
        resourceType: 'unit',
        resourceId: plan.unitId,
        fields: unitFields,
        snapshot: unit,
      });
    }
    return changes;
  }

  private async read(leaseId: string): Promise<Read> {
    const connectionId = this.o.activeConnectionId();
    const contract = this.o.cachedContract(connectionId) ?? (await this.o.fetchContract());
    if (!contract)
      throw new UserError(
        'no_contract',
        "PropDesk needs the service's list of fields to know what a lease holds, and hasn't been able to read it yet.",
      );
    const endField = roleFieldAmong(contract.resources.lease.updateFields, 'leases', 'end_date');
    if (!endField)
      throw new UserError(
        'unsupported_by_service',
        "This service's contract has no last day on a lease that a suggestion may set (such as “end_date”), so a notice cannot be drafted. Nothing was drafted.",
      );
    const reader = this.o.browseRecords();
    const { record: lease } = await reader.get('leases', leaseId);
    const unitField =
      contract.recordFields.leases.find((f) => referencedCollection(f.name) === 'units')?.name ?? 'unit_id';
    const unitId = textValue(lease[unitField]);
    const unit = unitId
      ? await reader.get('units', unitId).then(
          (answer) => answer.record,
          (error: unknown) => {
            // A unit the service no longer has: the lease's end can still be suggested.
            if ((error as { code?: unknown } | null)?.code === 'not_found') return null;
            throw error;
          },
        )
      : null;
    const currency = connectionCurrency(this.o.connections.get(connectionId) ?? {}).currency;
    const digits = currencyDigits(currency);
    const unitUpdate = contract.resources.unit.updateFields;
    const { status, note } = unitStatusOf(unitUpdate, unit);
    const asking = moneyRoleAmong('units', unitUpdate);
    const askingNow = asking && unit ? numberValue(unit[asking.field.name]) : null;
    const end = dayNumber(lease[endField.name]);
    return {
      lease,
      unit,
      digits,
      unitUnit: asking?.unit ?? 'major',
      plan: {
        leaseId,
        unitId,
        ends: end === null ? null : String(lease[endField.name]).slice(0, 10),
        endField: { field: endField.name, label: endField.label },
        unitStatus: status,
        askingRent: asking
          ? {
              field: asking.field.name,
              label: asking.field.label,
              now:
                askingNow === null
                  ? null
                  : fromMinorUnits(contractToMinor(askingNow, { unit: asking.unit, digits }), digits),
            }
          : null,
        currency,
        notes: note ? [note] : [],
      },
    };
  }
}
