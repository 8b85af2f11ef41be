// A request's age ("open 34 days") is read from each contract's own date and status fields, through
// the field roles: Acme's created_at, Harbor's logged_at (no status: every request open), Lakeside's
// created with its "done"; a finished request or an unreadable date has no age.
import { describe, expect, it } from 'vitest';
import { compileContract } from '../../../src/shared/contract';
import { fieldRoles } from '../../../src/shared/field-roles';
import { openAgeFields, openAgeWords, openDays } from '../../../src/shared/open-age';
import { loadFixture } from '../../support/fixture';

const fieldsOf = (file: string) => openAgeFields(fieldRoles(compileContract(loadFixture(file))));
const acmeJson = 'acme-openapi-3.1.json';
const harborJson = 'harbor-openapi-3.0.json';
const lakesideJson = 'lakeside-openapi-3.1.json';

describe('how long a request has been open', () => {
  it('counts from the date each contract keeps, with the status each contract names', () => {
    expect(fieldsOf(acmeJson)).toEqual({ since: 'created_at', status: 'status' });
    expect(fieldsOf(harborJson)).toEqual({ since: 'logged_at', status: null });
    expect(fieldsOf(lakesideJson)).toEqual({ since: 'created', status: 'status' });
    expect(openAgeFields([])).toBeNull();
  });

  it('is whole days to today for open work, and none for finished work or an unreadable date', () => {
    const lakeside = fieldsOf(lakesideJson)!;
    const today = '2026-11-28';
    expect(openDays({ id: 'a', created: '2026-10-25T09:30:00Z', status: 'logged' }, lakeside, today)).toBe(
      34,
    );
    expect(
      openDays({ id: 'b', created: '2026-10-25T09:30:00Z', status: 'done' }, lakeside, today),
    ).toBeNull();
    expect(openDays({ id: 'c', created: 'soon', status: 'booked' }, lakeside, today)).toBeNull();
    expect(openDays({ id: 'd', created: '2026-12-01', status: 'booked' }, lakeside, today)).toBe(0);
    const harbor = fieldsOf(harborJson)!;
    expect(openDays({ id: 'e', logged_at: '2026-11-27T23:00:00Z' }, harbor, today)).toBe(1);
  });

  it('reads as “open 34 days”', () => {
    expect(openAgeWords(34)).toBe('open 34 days');
    expect(openAgeWords(1)).toBe('open 1 day');
    expect(openAgeWords(0)).toBe('open since today');
  });
});
