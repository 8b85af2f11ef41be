// The served contract: OpenAPI 3.1 generated from the sandbox's zod schemas, valid for
// swagger-parser and redocly (recommended rules, no errors), and precise enough for clients.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS, RESOURCE_TYPES } from '../../../../src/shared/service';
import { call, start, type Started, type Json } from '../../../support/helpers';

const ROOT = resolve(import.meta.dirname, '../../../..');
let sb: Started;
let doc: Json;
beforeAll(async () => {
  sb = await start();
  doc = (await call(sb.baseUrl, '/api/v1/openapi.json')).json;
});
afterAll(() => sb.close());

describe('openapi.json', () => {
  it('is served without auth and passes swagger-parser validation', async () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers[0].url).toBe(sb.baseUrl);
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
  });

  it('passes redocly lint with the recommended rules and no errors', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pd-oas-'));
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc, null, 2));
    const run = await promisify(execFile)(
      join(ROOT, 'node_modules/.bin/redocly'),
      ['lint', file, '--config', join(ROOT, 'test/unit/sandbox/openapi/redocly.yaml'), '--format', 'json'],
      {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', NO_COLOR: '1' },
        maxBuffer: 10_000_000,
      },
    ).catch((e: { stdout: string; stderr: string }) => e);
    const report = JSON.parse(run.stdout.slice(run.stdout.indexOf('{')));
    const errors = report.problems.filter((p: Json) => p.severity === 'error');
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
  });

  it('describes every record with formats, enums, nullables and readOnly server fields', () => {
    const s = doc.components.schemas;
    const lease = s.Lease;
    expect(lease.additionalProperties).toBe(false);
    for (const f of ['id', 'created_at', 'updated_at', 'updated_by'])
      expect(lease.properties[f].readOnly, f).toBe(true);
    expect(lease.properties.start_date.format).toBe('date');
    expect(lease.properties.created_at.format).toBe('date-time');
    expect(lease.properties.end_date.anyOf.map((x: Json) => x.type)).toEqual(['string', 'null']);
    expect(lease.properties.status.enum).toEqual(['active', 'pending', 'ended', 'month_to_month']);
    expect(lease.properties.monthly_rent.type).toBe('number');
    expect(Object.keys(s.Tenant.properties)).not.toEqual(expect.arrayContaining(['income']));
    for (const c of COLLECTIONS) {
      const list = doc.paths[`/api/v1/${c}`].get;
      expect(list.responses['200'].content['application/json'].schema.$ref).toMatch(/List$/);
      expect(list.security[0].bearerAuth[0]).toMatch(/:read$/);
      const names = list.parameters.map((p: Json) => p.name ?? p.$ref);
      expect(names.length).toBeGreaterThan(2);
      expect(doc.paths[`/api/v1/${c}/{id}`].get.responses['404']).toBeDefined();
    }
    const endDate = doc.paths['/api/v1/leases'].get.parameters.find((p: Json) => p.name === 'end_date');
    expect(endDate.description).toMatch(/on or before/);
    expect(endDate.schema.format).toBe('date');
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('lets a client find the allowed fields per resource type and operation', () => {
    const s = doc.components.schemas;
    const items = s.SuggestionRequest.properties.changes.items.oneOf.map(
      (r: Json) => s[r.$ref.split('/').pop()],
    );
    expect(items).toHaveLength(RESOURCE_TYPES.length * 2);
    const find = (type: string, op: string) =>
      items.find(
        (i: Json) => i.properties.resourceType.const === type && i.properties.operation.const === op,
      );
    const create = find('lease', 'create');
    expect(create.properties.fields.additionalProperties).toBe(false);
    expect(create.properties.fields.required).toEqual(
      expect.arrayContaining(['unit_id', 'tenant_id', 'monthly_rent']),
    );
    expect(create.properties.resourceId).toBeUndefined();
    const update = find('lease', 'update');
    expect(update.required).toContain('resourceId');
    expect(update.properties.fields.required ?? []).toEqual([]);
    expect(update.properties.fields.properties.monthly_rent.type).toBe('number');
    expect(Object.keys(find('tenant', 'update').properties.fields.properties).sort()).toEqual([
      'email',
      'is_active',
      'name',
      'phone',
      'status',
    ]);
    const post = doc.paths['/api/v1/proposals'].post;
    expect(post.parameters[0]).toMatchObject({ name: 'Idempotency-Key', in: 'header', required: true });
    expect(post.responses['201'].content['application/json'].schema.$ref).toBe(
      '#/components/schemas/SuggestionResponse',
    );
  });
});
