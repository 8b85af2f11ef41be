// Another service's contract and records shaped by it, stored as an update against that service would
// store them: the contract in the contract cache, each collection as a complete offline copy. Main's
// labels, exports and portfolio views then read field names they have never seen.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { sha256Hex } from '../../../src/main/store/contract-cache-repo';
import type { Store } from '../../../src/main/store/open-store';
import type { Collection, ServiceRecord } from '../../../src/shared/service';
import { storeListing } from '../../support/temp-store';

export type Records = Partial<Record<Collection, ServiceRecord[]>>;

export function contractFixture(name: string): unknown {
  return JSON.parse(
    readFileSync(resolve(import.meta.dirname, '../../fixtures/contracts', name), 'utf8'),
  ) as unknown;
}

export function storeCopy(
  store: Store,
  connectionId: string,
  doc: unknown,
  records: Records,
  asOf: string,
): void {
  const json = JSON.stringify(doc);
  store.contracts.put(connectionId, { json, hash: sha256Hex(json), fetchedAt: asOf });
  for (const [collection, list] of Object.entries(records) as Array<[Collection, ServiceRecord[]]>)
    storeListing(store, connectionId, collection, list, asOf);
}

/** A letting agency's records in Lakeside's words: buildings, flats, residents, tenancies, charges, jobs. */
export const LAKESIDE: Records = {
  properties: [
    { id: 'bld_1', display_name: 'Lakeside Tower', street_address: '1 Shore Road', town: 'Keswick' },
    { id: 'bld_2', display_name: 'Boathouse Row', street_address: '4 Jetty Lane', town: 'Keswick' },
  ],
  units: [
    { id: 'flt_1', property_id: 'bld_1', unit_no: '3B', beds: 2, rent_minor: 125000, state: 'let' },
    { id: 'flt_2', property_id: 'bld_1', unit_no: '4A', beds: 1, rent_minor: 98000, state: 'empty' },
    { id: 'flt_3', property_id: 'bld_2', unit_no: '1', beds: 3, rent_minor: 150000, state: 'let' },
  ],
  tenants: [
    { id: 'res_1', given_name: 'Marta', surname: 'Nowak', email: 'marta@example.com' },
    { id: 'res_2', given_name: 'Idris', surname: 'Bello', email: 'idris@example.com' },
  ],
  leases: [
    {
      id: 'tn_1',
      reference: 'T-2231',
      unit_id: 'flt_1',
      tenant_id: 'res_1',
      rent_minor: 125000,
      status: 'live',
    },
    {
      id: 'tn_2',
      reference: 'T-2232',
      unit_id: 'flt_3',
      tenant_id: 'res_2',
      rent_minor: 150000,
      status: 'live',
    },
  ],
  payments: [{ id: 'chg_1', lease_id: 'tn_1', amount: 125050, due_on: '2026-03-01', state: 'due' }],
  maintenance_requests: [
    { id: 'job_1', property_id: 'bld_1', unit_id: 'flt_1', headline: 'Leaking tap', status: 'logged' },
    { id: 'job_2', property_id: 'bld_2', unit_id: null, headline: 'Gate sticks', status: 'booked' },
  ],
  documents: [{ id: 'pp_1', title: 'Gas safety certificate', entity_type: 'lease', entity_id: 'tn_1' }],
};

/** A managing agent's records in Harbor's words: no `<resource>_id` links, names of its own. */
export const HARBOR: Records = {
  properties: [{ id: 'b1', title: 'Harbour House', street: '2 Quay Road', kind: 'flat' }],
  units: [{ id: 's1', building_id: 'b1', unit_code: 'A-12', sqft: 540 }],
  tenants: [{ id: 'o1', given_name: 'Grace', family_name: 'Hopper', email: 'grace@example.com' }],
  leases: [{ id: 'a1', unit_ref: 's1', tenant_ref: 'o1', begins: '2025-01-01', rent_pcm: 900 }],
};
