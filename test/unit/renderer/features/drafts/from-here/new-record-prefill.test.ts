// A new record drafted from where the landlord stands, against the Lakeside and Harbor contracts
// (whose field names differ): the page's record and the records it belongs to fill the fields that
// name them, the report time is now, the unit picker is narrowed to the chosen property, and the
// sentences of the submit flow name records instead of showing their IDs.
import harborJson from '../../../../../fixtures/contracts/harbor-openapi-3.0.json?raw';
import lakesideJson from '../../../../../fixtures/contracts/lakeside-openapi-3.1.json?raw';
import { describe, expect, it } from 'vitest';
import { compileContract } from '../../../../../../src/shared/contract';
import {
  isReportTime,
  prefilledFrom,
} from '../../../../../../src/renderer/src/features/drafts/from-here/prefill';
import { narrowingFor } from '../../../../../../src/renderer/src/features/drafts/editor/picker-narrowing';
import {
  changeTargets,
  describeChange,
} from '../../../../../../src/renderer/src/features/drafts/editor/change-summary';
import type { LabelLookup } from '../../../../../../src/renderer/src/labels/label-view';

const lakeside = compileContract(JSON.parse(lakesideJson) as unknown);
const harbor = compileContract(JSON.parse(harborJson) as unknown);
const now = new Date('2026-11-26T09:41:27.512Z');
const unit = { id: 'unit_3b', property_id: 'prop_cedar', unit_number: '3B' };

describe('a repair drafted from a unit page', () => {
  it('names the unit and its property (Lakeside)', () => {
    const fields = prefilledFrom(lakeside.resources.maintenance_request.createFields, 'units', unit, now);
    expect(fields).toEqual({ unit_id: 'unit_3b', property_id: 'prop_cedar' });
  });

  it('is reported now, to the minute, where the contract takes a report time', () => {
    const reported = {
      name: 'reported_at',
      label: 'Reported at',
      type: 'date-time' as const,
      required: true,
      nullable: false,
      readOnly: false,
    };
    const fields = prefilledFrom(
      [...lakeside.resources.maintenance_request.createFields, reported],
      'units',
      unit,
      now,
    );
    expect(fields.reported_at).toBe('2026-11-26T09:41:00.000Z');
  });

  it('reads a report time by its name or description, never any date', () => {
    const d = (name: string, type: 'date' | 'date-time' | 'string', description?: string) => ({
      name,
      label: name,
      type,
      required: false,
      nullable: false,
      readOnly: false,
      ...(description ? { description } : {}),
    });
    expect(isReportTime(d('logged_at', 'date-time'))).toBe(true);
    expect(isReportTime(d('opened_on', 'date'))).toBe(true);
    expect(isReportTime(d('when', 'date-time', 'When the problem was reported'))).toBe(true);
    expect(isReportTime(d('due_date', 'date'))).toBe(false);
    expect(isReportTime(d('completed_at', 'date-time'))).toBe(false);
    expect(isReportTime(d('reported_by', 'string'))).toBe(false);
  });

  it('fills nothing a contract does not take (Harbor: the service stamps logged_at itself)', () => {
    const fields = prefilledFrom(harbor.resources.maintenance_request.createFields, 'units', unit, now);
    expect(fields.logged_at).toBeUndefined();
    expect(Object.values(fields)).not.toContain('unit_3b');
  });
});

describe('the unit picker of a change that names a property', () => {
  it('lists only that property’s units, and nothing narrows a field the change does not constrain', () => {
    expect(narrowingFor('unit_id', { property_id: 'prop_cedar', title: 'Boiler' })).toEqual({
      filters: { property_id: 'prop_cedar' },
      by: [{ collection: 'properties', id: 'prop_cedar' }],
    });
    expect(narrowingFor('unit_id', { title: 'Boiler' })).toBeUndefined();
    expect(narrowingFor('property_id', { unit_id: 'unit_3b' })).toBeUndefined();
    expect(narrowingFor('title', { property_id: 'prop_cedar' })).toBeUndefined();
  });
});

describe('the submit flow’s sentences', () => {
  const names: LabelLookup = (collection, id) =>
    ({ prop_cedar: 'Cedar Commons', unit_3b: 'Cedar Commons · 3B' })[id]
      ? {
          state: 'named',
          id,
          text: { prop_cedar: 'Cedar Commons', unit_3b: 'Cedar Commons · 3B' }[id]!,
          title: id,
        }
      : { state: 'loading', id, text: id, title: `${collection}` };
  const repair = {
    operation: 'create' as const,
    resourceType: 'maintenance_request' as const,
    resourceId: null,
    fields: { property_id: 'prop_cedar', unit_id: 'unit_3b', title: 'Boiler failed' },
    snapshot: null,
  };

  it('asks for the names of the records a new record names, and shows them instead of IDs', () => {
    expect(changeTargets([repair])).toEqual([
      { collection: 'properties', id: 'prop_cedar' },
      { collection: 'units', id: 'unit_3b' },
    ]);
    const sentence = describeChange(repair, 'USD', names, lakeside);
    expect(sentence).toContain('Cedar Commons · 3B');
    expect(sentence).not.toMatch(/prop_|unit_/);
  });
});
