// The contract's component schemas, generated from the sandbox's own zod schemas with
// z.toJSONSchema so the served contract cannot drift from what the sandbox validates and answers.
import { z } from 'zod';
import {
  COLLECTIONS,
  type Collection,
  OPERATIONS,
  PROPOSAL_STATUSES,
  RESOURCE_TYPES,
  type ResourceType,
} from '../../shared/service';
import { MAX_LABEL_LENGTH } from '../proposals/validate';
import { RECORD_SCHEMAS, createFieldsSchema, updateFieldsSchema } from '../schemas/registry';

export const SCHEMA_NAMES: Record<Collection, string> = {
  properties: 'Property',
  units: 'Unit',
  tenants: 'Tenant',
  leases: 'Lease',
  payments: 'Payment',
  maintenance_requests: 'MaintenanceRequest',
  documents: 'Document',
};

const pascal = (t: ResourceType): string =>
  t
    .split('_')
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');

export const changeSchemaName = (t: ResourceType, op: 'create' | 'update'): string =>
  `${pascal(t)}${op === 'create' ? 'Create' : 'Update'}Change`;

const iso = z.iso.datetime();

function buildRegistry(): z.core.$ZodRegistry<{ id: string }> {
  const reg = z.registry<{ id: string }>();
  for (const c of COLLECTIONS) {
    const record = RECORD_SCHEMAS[c];
    reg.add(record, { id: SCHEMA_NAMES[c] });
    reg.add(
      z.object({ data: z.array(record), nextCursor: z.string().min(1).nullable(), hasMore: z.boolean() }),
      { id: `${SCHEMA_NAMES[c]}List` },
    );
    reg.add(z.object({ data: record }), { id: `${SCHEMA_NAMES[c]}Envelope` });
  }
  const errorSchema = z.object({
    error: z.object({
      code: z
        .string()
        .meta({ description: 'Machine-readable code, e.g. not_found, invalid_request, forbidden' }),
      message: z.string().meta({ description: 'What went wrong, in plain words' }),
      details: z
        .unknown()
        .optional()
        .meta({ description: 'Extra facts, e.g. {"errors":[{"path","message"}]} or {"requiredScope"}' }),
    }),
  });
  reg.add(errorSchema, { id: 'Error' });
  const flag = z.object({
    code: z.string().meta({ description: 'e.g. large_rent_increase, rent_decrease, no_change' }),
    severity: z.enum(['info', 'warning']),
    message: z.string(),
  });
  reg.add(flag, { id: 'ProposalFlag' });
  const proposalBase = {
    id: z.string(),
    operation: z.enum(OPERATIONS),
    resourceType: z.enum(RESOURCE_TYPES),
    summary: z.string().meta({ description: 'Short description of the change' }),
    status: z.enum(PROPOSAL_STATUSES),
    flags: z.array(flag),
    expiresAt: iso.meta({ description: 'When the proposal expires if unreviewed' }),
  };
  const created = z.object(proposalBase);
  reg.add(created, { id: 'ProposalCreated' });
  reg.add(
    z.object({
      data: z.object({
        batchId: z.string(),
        status: z.literal('awaiting_human_approval'),
        message: z.string().meta({
          description: 'States that the changes are suggestions only and nothing has changed yet; relay it',
        }),
        reviewUrl: z.url().meta({
          description: 'Where a person reviews the batch; has the batch ID as `batch` query parameter',
        }),
        proposals: z.array(created),
      }),
    }),
    { id: 'SuggestionResponse' },
  );
  const listItem = z.object({
    ...proposalBase,
    batchId: z.string(),
    label: z.string().nullable(),
    resourceId: z.string().nullable().optional().meta({
      description:
        'The record changed; for a create, set once applied, or left out where the service does not say which record a create made',
    }),
    fields: z.record(z.string(), z.unknown()).meta({ description: 'The suggested values as submitted' }),
    createdAt: iso,
    updatedAt: iso,
    decidedAt: iso.nullable(),
    decidedBy: z.string().nullable().meta({ description: 'Person who approved or dismissed it' }),
  });
  reg.add(listItem, { id: 'ProposalListItem' });
  reg.add(
    z.object({ data: z.array(listItem), nextCursor: z.string().min(1).nullable(), hasMore: z.boolean() }),
    { id: 'ProposalList' },
  );
  for (const t of RESOURCE_TYPES) {
    reg.add(
      z.strictObject({
        operation: z.literal('create'),
        resourceType: z.literal(t),
        fields: createFieldsSchema(t),
      }),
      { id: changeSchemaName(t, 'create') },
    );
    reg.add(
      z.strictObject({
        operation: z.literal('update'),
        resourceType: z.literal(t),
        resourceId: z.string().min(1),
        fields: updateFieldsSchema(t),
      }),
      { id: changeSchemaName(t, 'update') },
    );
  }
  return reg;
}

/** components.schemas of the contract, with references as #/components/schemas/<Name>. */
export function componentSchemas(): Record<string, Record<string, unknown>> {
  const out = z.toJSONSchema(buildRegistry(), {
    uri: (id) => `#/components/schemas/${id}`,
    unrepresentable: 'any',
  }) as {
    schemas: Record<string, Record<string, unknown>>;
  };
  for (const schema of Object.values(out.schemas)) {
    delete schema.$schema;
    delete schema.$id;
  }
  // The request body: one change item per resource type and operation, told apart by the consts.
  out.schemas.SuggestionRequest = {
    type: 'object',
    additionalProperties: false,
    required: ['changes'],
    properties: {
      label: {
        type: 'string',
        maxLength: MAX_LABEL_LENGTH,
        description: 'Short plain-language name for the batch, shown to the reviewer',
      },
      changes: {
        type: 'array',
        minItems: 1,
        maxItems: 200,
        items: {
          oneOf: RESOURCE_TYPES.flatMap((t) =>
            (['create', 'update'] as const).map((op) => ({
              $ref: `#/components/schemas/${changeSchemaName(t, op)}`,
            })),
          ),
        },
      },
    },
  };
  return out.schemas;
}
