// One table tying each collection to its record schema, ID prefix and writable fields, fields required
// on create and defaults for the optional ones (suggestible resources; documents only in the web app).
import { z } from 'zod';
import type { Collection, ResourceType } from '../../shared/service';
import { documentCreateRequired, documentRecordSchema, documentWritable } from './document';
import { leaseCreateRequired, leaseRecordSchema, leaseWritable } from './lease';
import {
  maintenanceCreateRequired,
  maintenanceRecordSchema,
  maintenanceWritable,
} from './maintenance-request';
import { paymentCreateRequired, paymentRecordSchema, paymentWritable } from './payment';
import { propertyCreateRequired, propertyRecordSchema, propertyWritable } from './property';
import { tenantCreateRequired, tenantRecordSchema, tenantWritable } from './tenant';
import { unitCreateRequired, unitRecordSchema, unitWritable } from './unit';

export const RECORD_SCHEMAS: Record<Collection, z.ZodObject> = {
  properties: propertyRecordSchema,
  units: unitRecordSchema,
  tenants: tenantRecordSchema,
  leases: leaseRecordSchema,
  payments: paymentRecordSchema,
  maintenance_requests: maintenanceRecordSchema,
  documents: documentRecordSchema,
};

export const ID_PREFIX: Record<Collection, string> = {
  properties: 'prop_',
  units: 'unit_',
  tenants: 'ten_',
  leases: 'lease_',
  payments: 'pay_',
  maintenance_requests: 'mnt_',
  documents: 'doc_',
};

export interface WritableSpec {
  fields: Record<string, z.ZodType>;
  createRequired: readonly string[];
  /** Values for optional fields left out of a create; functions get the current time. */
  defaults: Record<string, (nowIso: string) => unknown>;
}

export const WRITABLE: Record<ResourceType, WritableSpec> = {
  property: {
    fields: propertyWritable,
    createRequired: propertyCreateRequired,
    defaults: { year_built: () => null, is_active: () => true },
  },
  unit: { fields: unitWritable, createRequired: unitCreateRequired, defaults: {} },
  tenant: { fields: tenantWritable, createRequired: tenantCreateRequired, defaults: { phone: () => null } },
  lease: { fields: leaseWritable, createRequired: leaseCreateRequired, defaults: { end_date: () => null } },
  payment: {
    fields: paymentWritable,
    createRequired: paymentCreateRequired,
    defaults: { paid_date: () => null },
  },
  maintenance_request: {
    fields: maintenanceWritable,
    createRequired: maintenanceCreateRequired,
    defaults: { unit_id: () => null, description: () => '', reported_at: (now) => now },
  },
};

/** What a person may write to each collection in the web application: the suggestible ones and documents. */
export const WRITABLE_IN_APP: Record<Collection, WritableSpec> = {
  properties: WRITABLE.property,
  units: WRITABLE.unit,
  tenants: WRITABLE.tenant,
  leases: WRITABLE.lease,
  payments: WRITABLE.payment,
  maintenance_requests: WRITABLE.maintenance_request,
  documents: {
    fields: documentWritable,
    createRequired: documentCreateRequired,
    defaults: { is_verified: () => false, uploaded_at: (now) => now },
  },
};

/** The `fields` object of a create change: required fields present, nothing unknown. */
export function createFieldsSchema(type: ResourceType): z.ZodObject {
  return createFieldsOf(WRITABLE[type]);
}

/** The `fields` object of an update change: any writable field, at least one, nothing unknown. */
export function updateFieldsSchema(type: ResourceType): z.ZodObject {
  return updateFieldsOf(WRITABLE[type]);
}

export function createFieldsOf(spec: WritableSpec): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, schema] of Object.entries(spec.fields))
    shape[name] = spec.createRequired.includes(name) ? schema : schema.optional();
  return z.strictObject(shape);
}

export function updateFieldsOf(spec: WritableSpec): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, schema] of Object.entries(spec.fields)) shape[name] = schema.optional();
  return z.strictObject(shape).meta({ minProperties: 1 });
}
