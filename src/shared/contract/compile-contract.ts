// Compiles the service's openapi.json into what PropDesk's screens and checks need: per resource
// type, the fields one may suggest on create and on update with strict zod validators, and per
// collection, the record fields for table columns and detail panels. Nothing here names a field:
// it all comes from the document (docs/architecture.md, "The contract decides"), found through paths only.
import { z } from 'zod';
import { COLLECTIONS, OPERATIONS, RESOURCE_COLLECTION, RESOURCE_TYPES, resourceNoun } from '../service';
import type { Collection, Operation, ResourceType } from '../service';
import { specialise } from './change-variants';
import { changeItemSchemaOf, proposalItemSchemaOf, recordSchemaOf } from './contract-paths';
import { ContractError } from './contract-error';
import { describeField, objectProperties, unwrapNullable } from './field-descriptor';
import type { FieldDescriptor } from './field-descriptor';
import { fieldValidator } from './field-validator';
import { checkOpenApiDoc } from './openapi-shape';
import type { OpenApiDoc } from './openapi-shape';
import { SchemaResolver, isObject } from './schema-resolver';
import type { Schema } from './schema-resolver';

export type FieldsObject = Record<string, unknown>;

/** Where a resource's writable fields were read from. */
export type FieldSource = 'proposal-schema' | 'record-schema' | 'none';

export interface ResourceContract {
  resourceType: ResourceType;
  collection: Collection;
  createFields: FieldDescriptor[];
  updateFields: FieldDescriptor[];
  /** Strict: unknown names rejected; required fields present. */
  createSchema: z.ZodType<FieldsObject>;
  /** Strict: unknown names rejected; every field optional but at least one given. */
  updateSchema: z.ZodType<FieldsObject>;
  source: Record<Operation, FieldSource>;
}

export interface CompiledContract {
  openapi: string;
  title?: string;
  version?: string;
  resources: Record<ResourceType, ResourceContract>;
  recordFields: Record<Collection, FieldDescriptor[]>;
  /** The fields of a proposal as GET /api/v1/proposals lists it; empty when the contract does not say. */
  proposalFields: FieldDescriptor[];
  /** Parts of the document that were read leniently (external refs, cycles, missing schemas). */
  warnings: string[];
}

interface WritableSet {
  fields: Array<{ name: string; schema: unknown; required: boolean }>;
  source: FieldSource;
}

/** Writable fields of the record schema: everything not readOnly, never the record's own id. */
function writableFromRecord(
  record: Schema | undefined,
  resolver: SchemaResolver,
  operation: Operation,
): WritableSet {
  if (!record) return { fields: [], source: 'none' };
  const required = new Set(Array.isArray(record.required) ? record.required : []);
  const fields = objectProperties(record)
    .filter(([name, schema]) => name !== 'id' && resolver.flatten(schema).readOnly !== true)
    .map(([name, schema]) => {
      // A record lists every field it always carries as required, including nullable ones and ones
      // with defaults; only the others can be demanded on create.
      const flat = resolver.flatten(schema);
      const nullable = unwrapNullable(flat, resolver).nullable;
      return {
        name,
        schema,
        required: operation === 'create' && required.has(name) && !nullable && flat.default === undefined,
      };
    });
  return { fields, source: 'record-schema' };
}

function writableFor(
  item: unknown,
  resourceType: ResourceType,
  operation: Operation,
  record: Schema | undefined,
  resolver: SchemaResolver,
): WritableSet {
  const variant = item === undefined ? null : specialise(item, { resourceType, operation }, resolver);
  const fieldsSchema =
    variant && isObject(variant.schema.properties) ? variant.schema.properties.fields : undefined;
  if (fieldsSchema !== undefined) {
    const flat = resolver.flatten(fieldsSchema);
    const props = objectProperties(flat);
    if (props.length > 0) {
      const required = new Set(Array.isArray(flat.required) ? flat.required : []);
      return {
        fields: props.map(([name, schema]) => ({
          name,
          schema,
          required: operation === 'create' && required.has(name),
        })),
        source: 'proposal-schema',
      };
    }
  }
  if (variant === null && item !== undefined) {
    resolver.warn(
      `The contract's suggestion schema has no ${operation} for ${resourceType}; its record schema is used`,
    );
  }
  return writableFromRecord(record, resolver, operation);
}

function buildSchema(
  set: WritableSet,
  resourceType: ResourceType,
  operation: Operation,
  resolver: SchemaResolver,
  cache: Map<string, z.ZodType>,
): z.ZodType<FieldsObject> {
  // From entries, never by assignment: a field may be named "__proto__".
  const shape: Record<string, z.ZodType> = Object.fromEntries(
    set.fields.map((field) => {
      const where = `${resourceNoun(resourceType)} field “${field.name}”`;
      const validator = fieldValidator(field.schema, resolver, cache, where);
      return [field.name, field.required ? validator : validator.optional()];
    }),
  );
  const strict = z.strictObject(shape);
  if (operation === 'create') return strict as z.ZodType<FieldsObject>;
  return strict.refine((value) => Object.keys(value).length > 0, {
    message: 'Change at least one field',
  }) as unknown as z.ZodType<FieldsObject>;
}

export function compileContract(input: unknown): CompiledContract {
  const doc: OpenApiDoc = checkOpenApiDoc(input);
  const resolver = new SchemaResolver(doc);
  const cache = new Map<string, z.ZodType>();
  const records = {} as Record<Collection, Schema | undefined>;
  const recordFields = {} as Record<Collection, FieldDescriptor[]>;
  for (const collection of COLLECTIONS) {
    const found = recordSchemaOf(doc, resolver, collection);
    records[collection] = found?.schema;
    if (!found) resolver.warn(`The contract has no record schema for ${collection}`);
    recordFields[collection] = found
      ? objectProperties(found.schema).map(([name, schema]) =>
          describeField(name, schema, resolver, { required: false }),
        )
      : [];
  }

  const proposal = proposalItemSchemaOf(doc, resolver);
  const proposalFields = proposal
    ? objectProperties(proposal).map(([name, schema]) =>
        describeField(name, schema, resolver, { required: false }),
      )
    : [];

  const item = changeItemSchemaOf(doc, resolver);
  if (item === undefined) resolver.warn('The contract does not describe the body of POST /api/v1/proposals');
  const resources = {} as Record<ResourceType, ResourceContract>;
  for (const resourceType of RESOURCE_TYPES) {
    const collection = RESOURCE_COLLECTION[resourceType];
    const sets = {} as Record<Operation, WritableSet>;
    for (const operation of OPERATIONS) {
      sets[operation] = writableFor(item, resourceType, operation, records[collection], resolver);
    }
    const describe = (set: WritableSet) =>
      set.fields.map((f) => describeField(f.name, f.schema, resolver, { required: f.required }));
    resources[resourceType] = {
      resourceType,
      collection,
      createFields: describe(sets.create),
      updateFields: describe(sets.update),
      createSchema: buildSchema(sets.create, resourceType, 'create', resolver, cache),
      updateSchema: buildSchema(sets.update, resourceType, 'update', resolver, cache),
      source: { create: sets.create.source, update: sets.update.source },
    };
  }
  if (
    RESOURCE_TYPES.every(
      (t) => resources[t].createFields.length === 0 && resources[t].updateFields.length === 0,
    )
  ) {
    throw new ContractError(
      "The service's contract (openapi.json) describes no fields that can be suggested: neither the body of POST /api/v1/proposals nor the records of any collection list them",
    );
  }
  return {
    openapi: doc.openapi,
    ...(doc.info?.title ? { title: doc.info.title } : {}),
    ...(doc.info?.version ? { version: doc.info.version } : {}),
    resources,
    recordFields,
    proposalFields,
    warnings: resolver.warnings,
  };
}
