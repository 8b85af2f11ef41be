// Finds the schemas PropDesk needs by path and method only: the GET record and list responses of
// each collection and the request body of POST /api/v1/proposals. Paths may be written in full
// (/api/v1/leases) or relative to a server URL ending in /api/v1.
import { API_PREFIX } from '../service';
import type { Collection } from '../service';
import type { OpenApiDoc } from './openapi-shape';
import type { Schema, SchemaResolver } from './schema-resolver';
import { isObject } from './schema-resolver';

function pathItem(doc: OpenApiDoc, resolver: SchemaResolver, path: string): Schema | undefined {
  for (const key of [path, path.startsWith(API_PREFIX) ? path.slice(API_PREFIX.length) : path]) {
    const item = doc.paths[key];
    if (isObject(item)) return resolver.resolve(item);
  }
  return undefined;
}

function jsonSchemaOf(content: unknown): unknown {
  if (!isObject(content)) return undefined;
  const key =
    'application/json' in content ? 'application/json' : Object.keys(content).find((k) => /json/i.test(k));
  const media = key ? content[key] : undefined;
  return isObject(media) ? media.schema : undefined;
}

function okResponseSchema(operation: unknown, resolver: SchemaResolver): unknown {
  if (!isObject(operation) || !isObject(operation.responses)) return undefined;
  const responses = operation.responses;
  const key = ['200', '2XX', '2xx', '203'].find((k) => k in responses);
  if (!key) return undefined;
  return jsonSchemaOf(resolver.resolve(responses[key]).content);
}

/** The single-record path: /api/v1/{collection}/{anyParameterName}. */
function singlePath(doc: OpenApiDoc, collection: Collection): string | undefined {
  const pattern = new RegExp(`^(${API_PREFIX.replace(/\//g, '\\/')})?\\/${collection}\\/\\{[^}/]+\\}\\/?$`);
  return Object.keys(doc.paths).find((p) => pattern.test(p));
}

/** The record schema of a collection from GET /{collection}/{id} → data, or GET /{collection} → data[]. */
export function recordSchemaOf(
  doc: OpenApiDoc,
  resolver: SchemaResolver,
  collection: Collection,
): { schema: Schema; from: 'single' | 'list' } | undefined {
  const single = singlePath(doc, collection);
  if (single) {
    const envelope = okResponseSchema(pathItem(doc, resolver, single)?.get, resolver);
    const data = envelope === undefined ? undefined : resolver.flatten(envelope).properties;
    if (isObject(data) && data.data !== undefined)
      return { schema: resolver.flatten(data.data), from: 'single' };
  }
  const envelope = okResponseSchema(pathItem(doc, resolver, `${API_PREFIX}/${collection}`)?.get, resolver);
  const props = envelope === undefined ? undefined : resolver.flatten(envelope).properties;
  if (isObject(props) && props.data !== undefined) {
    const list = resolver.flatten(props.data);
    if (list.items !== undefined) return { schema: resolver.flatten(list.items), from: 'list' };
  }
  return undefined;
}

/** The schema of one proposal as GET /api/v1/proposals lists it (→ data[]); undefined when not described. */
export function proposalItemSchemaOf(doc: OpenApiDoc, resolver: SchemaResolver): Schema | undefined {
  const envelope = okResponseSchema(pathItem(doc, resolver, `${API_PREFIX}/proposals`)?.get, resolver);
  const props = envelope === undefined ? undefined : resolver.flatten(envelope).properties;
  if (!isObject(props) || props.data === undefined) return undefined;
  const list = resolver.flatten(props.data);
  return list.items === undefined ? undefined : resolver.flatten(list.items);
}

/** The schema of one item of `changes` in the body of POST /api/v1/proposals. */
export function changeItemSchemaOf(doc: OpenApiDoc, resolver: SchemaResolver): unknown {
  const post = pathItem(doc, resolver, `${API_PREFIX}/proposals`)?.post;
  if (!isObject(post) || post.requestBody === undefined) return undefined;
  const body = jsonSchemaOf(resolver.resolve(post.requestBody).content);
  if (body === undefined) return undefined;
  const props = resolver.flatten(body).properties;
  if (!isObject(props) || props.changes === undefined) return undefined;
  return resolver.flatten(props.changes).items;
}
