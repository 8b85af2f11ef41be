// Which links a landlord may make among a draft's changes, on plain data: a field may wait only for a
// new record of the type it names, created in the same draft, never in a loop; and a value typed into
// a linked field undoes the link. The refusals are the words the draft editor shows.
import { describe, expect, it } from 'vitest';
import { checkLink, replacedLinks } from '../../../../../src/main/drafts/parts/link-rules';
import type { DraftLink } from '../../../../../src/main/drafts/parts/links';
import { changeOf, linkTo } from './parts-fixtures';

const changes = [
  changeOf('unit', { resourceType: 'unit' }),
  changeOf('repair', { resourceType: 'maintenance_request' }),
  changeOf('lease', { resourceType: 'lease' }),
  changeOf('raise', { operation: 'update', resourceType: 'unit', resourceId: 'u_1' }),
];

const linkOf = (changeId: string, field: string, sourceChangeId: string, over: Partial<DraftLink> = {}) =>
  ({
    draftId: 'd1',
    changeId,
    ...linkTo(field, sourceChangeId, { resourceType: 'unit', ...over }),
  }) satisfies DraftLink;

describe('which links may be made', () => {
  it('lets a field wait for a new record of the type it names, from the same draft', () => {
    expect(() =>
      checkLink('d1', changes, [], { changeId: 'repair', field: 'unit_id', sourceChangeId: 'unit' }),
    ).not.toThrow();
  });

  it('refuses a change that creates another type of record, or only updates one', () => {
    expect(() =>
      checkLink('d1', changes, [], { changeId: 'repair', field: 'property_id', sourceChangeId: 'unit' }),
    ).toThrow('Only a new unit of this draft can fill in “property_id”.');
    expect(() =>
      checkLink('d1', changes, [], { changeId: 'repair', field: 'unit_id', sourceChangeId: 'raise' }),
    ).toThrow('Only a new unit of this draft can fill in “unit_id”.');
    expect(() =>
      checkLink('d1', changes, [], { changeId: 'lease', field: 'notes', sourceChangeId: 'repair' }),
    ).toThrow('Only a new maintenance request of this draft can fill in “notes”.');
  });

  it('refuses two changes that would each wait, however indirectly, for the record the other creates', () => {
    // The lease waits for the new unit, and the repair for the new lease.
    const links = [
      linkOf('lease', 'unit_id', 'unit'),
      linkOf('repair', 'lease_id', 'lease', { resourceType: 'lease' }),
    ];
    const unitWaitsForRepair = {
      changeId: 'unit',
      field: 'maintenance_request_id',
      sourceChangeId: 'repair',
    };
    expect(() => checkLink('d1', changes, links, unitWaitsForRepair)).toThrow(
      'Two changes cannot each wait for the record the other creates.',
    );
    expect(() => checkLink('d1', changes, links.slice(1), unitWaitsForRepair)).not.toThrow();
  });

  it('says so when a change is no longer in the draft', () => {
    expect(() =>
      checkLink('d1', changes, [], { changeId: 'repair', field: 'unit_id', sourceChangeId: 'gone' }),
    ).toThrow('That change is no longer in the draft.');
  });
});

describe('a value typed into a linked field', () => {
  const links = [
    linkOf('repair', 'unit_id', 'unit'),
    linkOf('lease', 'unit_id', 'unit', { state: 'filled', recordId: 'u_9' }),
  ];

  it('replaces the link', () => {
    expect(replacedLinks(links, 'repair', { unit_id: 'u_1', title: 'Smoke alarms' })).toEqual(['unit_id']);
  });

  it('keeps it when the field is left empty, or holds the record the link filled in', () => {
    expect(replacedLinks(links, 'repair', { unit_id: '', title: 'Smoke alarms' })).toEqual([]);
    expect(replacedLinks(links, 'repair', { unit_id: null })).toEqual([]);
    expect(replacedLinks(links, 'lease', { unit_id: 'u_9' })).toEqual([]);
    expect(replacedLinks(links, 'lease', { unit_id: 'u_10' })).toEqual(['unit_id']);
  });
});
