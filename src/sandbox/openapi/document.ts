// GET /api/v1/openapi.json: the OpenAPI 3.1 contract of the sandbox. Served without authentication
// (a client needs it to learn the fields before it has a working key) and never subject to injected
// faults or rate limits; it describes the service, not the caller, so it holds nothing secret.
import {
  API_PREFIX,
  COLLECTIONS,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  PROPOSALS_READ_SCOPE,
  RESOURCE_TYPES,
  proposeScope,
  readScope,
} from '../../shared/service';
import { FILTER_RULES, describeRule, type FilterRule } from '../filters';
import { MAX_IDEMPOTENCY_KEY_LENGTH } from '../idempotency';
import { ALL_SCOPES } from '../keys';
import { APPROVAL_MATRIX, ROLE_LABELS } from '../personas';
import { PROPOSAL_FILTER_RULES } from '../api/proposals';
import { SCHEMA_NAMES, componentSchemas } from './component-schemas';

type Json = Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errorResponse = (description: string, headers?: Json): Json => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: ref('Error') } },
});
const common = (): Json => ({
  '401': { $ref: '#/components/responses/Unauthorized' },
  '403': { $ref: '#/components/responses/Forbidden' },
  '429': { $ref: '#/components/responses/RateLimited' },
  default: { $ref: '#/components/responses/ServerError' },
});
const secured = (scope: string): Json => ({ security: [{ bearerAuth: [scope] }], 'x-scopes': [scope] });

function filterSchema(rule: FilterRule): Json {
  switch (rule.kind) {
    case 'enum':
      return { type: 'string', enum: [...rule.values] };
    case 'boolean':
      return { type: 'boolean' };
    case 'date_on_or_before':
      return { type: 'string', format: 'date' };
    default:
      return { type: 'string', minLength: 1 };
  }
}

function listParameters(rules: Record<string, FilterRule>): Json[] {
  return [
    { $ref: '#/components/parameters/Cursor' },
    { $ref: '#/components/parameters/Limit' },
    ...Object.entries(rules).map(([name, rule]) => ({
      name,
      in: 'query',
      required: false,
      description: describeRule(name, rule),
      schema: filterSchema(rule),
    })),
  ];
}

const title = (c: string) => c.replace('_', ' ');

/** A collection's list and its read by ID. */
function collectionPaths(c: (typeof COLLECTIONS)[number]): Json {
  const name = SCHEMA_NAMES[c];
  return {
    [`${API_PREFIX}/${c}`]: {
      get: {
        operationId: `list${name}s`,
        summary: `List ${title(c)}`,
        description: `Pages through the caller's organisation's ${title(c)} in insertion order. Unknown query parameters are rejected.`,
        tags: ['Records'],
        ...secured(readScope(c)),
        parameters: listParameters(FILTER_RULES[c]),
        responses: {
          '200': { description: 'One page', content: { 'application/json': { schema: ref(`${name}List`) } } },
          '400': { $ref: '#/components/responses/BadRequest' },
          ...common(),
        },
      },
    },
    [`${API_PREFIX}/${c}/{id}`]: {
      get: {
        operationId: `get${name}`,
        summary: `Get one ${title(c).replace(/s$/, '')}`,
        description: 'A record of another organisation answers exactly like a missing one (404 not_found).',
        tags: ['Records'],
        ...secured(readScope(c)),
        parameters: [
          {
            name: 'id',
            in: 'path',
            required: true,
            description: 'Record ID',
            schema: { type: 'string', minLength: 1 },
          },
        ],
        responses: {
          '200': {
            description: 'The record',
            content: { 'application/json': { schema: ref(`${name}Envelope`) } },
          },
          '404': { $ref: '#/components/responses/NotFound' },
          ...common(),
        },
      },
    },
  };
}

/** Suggestions: their list with statuses, and a batch of them suggested. */
function proposalPaths(): Json {
  return {
    get: {
      operationId: 'listProposals',
      summary: 'List suggestions and their status',
      description:
        'Reports status only; nothing can be approved through the API. Unreviewed proposals turn `expired` by themselves.',
      tags: ['Suggestions'],
      ...secured(PROPOSALS_READ_SCOPE),
      parameters: listParameters(PROPOSAL_FILTER_RULES),
      responses: {
        '200': { description: 'One page', content: { 'application/json': { schema: ref('ProposalList') } } },
        '400': { $ref: '#/components/responses/BadRequest' },
        ...common(),
      },
    },
    post: {
      operationId: 'createProposals',
      summary: 'Suggest changes (recorded, not applied)',
      description: `Records one batch of 1 to 200 suggestions. 201 means recorded as suggestions, not applied. Needs the :propose scope of every resource type in the batch (${RESOURCE_TYPES.map(proposeScope).join(', ')}). The same Idempotency-Key (per organisation) with an identical body returns the original answer byte for byte; with a different body 409 idempotency_conflict. Keys are remembered for the sandbox's lifetime.`,
      tags: ['Suggestions'],
      security: [{ bearerAuth: RESOURCE_TYPES.map(proposeScope) }],
      'x-scopes': RESOURCE_TYPES.map(proposeScope),
      parameters: [
        {
          name: 'Idempotency-Key',
          in: 'header',
          required: true,
          description: `Unique per request; reuse only to retry. 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} visible ASCII characters.`,
          schema: { type: 'string', minLength: 1, maxLength: MAX_IDEMPOTENCY_KEY_LENGTH },
        },
      ],
      requestBody: { required: true, content: { 'application/json': { schema: ref('SuggestionRequest') } } },
      responses: {
        '201': {
          description: 'Recorded as suggestions awaiting human approval; nothing has changed yet',
          content: { 'application/json': { schema: ref('SuggestionResponse') } },
        },
        '400': { $ref: '#/components/responses/BadRequest' },
        '409': errorResponse('Idempotency-Key reused with a different body (idempotency_conflict)'),
        '415': errorResponse('Content-Type is not application/json'),
        ...common(),
      },
    },
  };
}

function paths(): Json {
  const out: Json = Object.assign({}, ...COLLECTIONS.map(collectionPaths));
  out[`${API_PREFIX}/proposals`] = proposalPaths();
  out[`${API_PREFIX}/openapi.json`] = {
    get: {
      operationId: 'getContract',
      summary: 'This contract',
      description: 'Served without authentication and never subject to injected faults or rate limits.',
      tags: ['Contract'],
      security: [],
      responses: {
        '200': {
          description: 'The OpenAPI document',
          content: { 'application/json': { schema: { type: 'object' } } },
        },
      },
    },
  };
  return out;
}

const approvalText = Object.entries(APPROVAL_MATRIX)
  .map(
    ([role, types]) =>
      `${ROLE_LABELS[role as keyof typeof ROLE_LABELS]}: ${types.length ? types.join(', ') : 'none'}`,
  )
  .join('; ');

export function buildOpenApi(baseUrl: string): Json {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Property Management Service API (PropDesk sandbox)',
      version: '1.0.0',
      summary: 'Read records and suggest changes; a person approves them in the web application.',
      description: `Read-only collections and suggestions. Nothing is written through the API. Pages hold ${DEFAULT_PAGE_SIZE} records by default, at most ${MAX_PAGE_SIZE}. Unreviewed proposals expire after the configured time (default 7 days). Who may approve: ${approvalText}. Errors always have the shape {"error":{"code","message","details"}}.`,
      license: { name: 'Proprietary', identifier: 'LicenseRef-PropDesk' },
    },
    servers: [{ url: baseUrl, description: 'This sandbox' }],
    tags: [
      { name: 'Records', description: "Read-only collections of the caller's organisation" },
      { name: 'Suggestions', description: 'Suggested changes awaiting human approval' },
      { name: 'Contract', description: 'This document' },
    ],
    security: [{ bearerAuth: [] }],
    paths: paths(),
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: `API key as "Authorization: Bearer <key>". Scopes: ${ALL_SCOPES.join(', ')}.`,
          'x-scopes': ALL_SCOPES,
        },
      },
      parameters: {
        Cursor: {
          name: 'cursor',
          in: 'query',
          required: false,
          description:
            'nextCursor of the previous page; opaque, signed, bound to collection, organisation and filters.',
          schema: { type: 'string', minLength: 1 },
        },
        Limit: {
          name: 'limit',
          in: 'query',
          required: false,
          description: `Page size, 1 to ${MAX_PAGE_SIZE}.`,
          schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE },
        },
      },
      responses: {
        BadRequest: errorResponse(
          'invalid_request: unknown or ill-typed parameter, bad cursor, or invalid body (details.errors)',
        ),
        Unauthorized: errorResponse('unauthorized: missing or unknown API key', {
          'WWW-Authenticate': { description: 'Bearer challenge', schema: { type: 'string' } },
        }),
        Forbidden: errorResponse('forbidden: the key lacks the scope named in details.requiredScope'),
        NotFound: errorResponse("not_found: no such record in the caller's organisation"),
        RateLimited: errorResponse('rate_limited: too many requests', {
          'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } },
        }),
        ServerError: errorResponse('A temporary server problem'),
      },
      schemas: componentSchemas(),
    },
  };
}
