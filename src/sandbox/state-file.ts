// The optional state file: everything that is not re-generated from the seed (cursor secret,
// applied changes, proposals, idempotency records). Written atomically (temp file + rename); a file
// that cannot be read back is reported, never silently replaced.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { COLLECTIONS, OPERATIONS, PROPOSAL_STATUSES, RESOURCE_TYPES } from '../shared/service';

const recordSchema = z.looseObject({ id: z.string().min(1) });
const flagSchema = z.object({ code: z.string(), severity: z.enum(['info', 'warning']), message: z.string() });

export const stateSchema = z.object({
  format: z.literal('propdesk-sandbox-state'),
  version: z.literal(1),
  seed: z.number().int(),
  recordsScale: z.number().int().positive(),
  cursorSecret: z.string().min(32),
  mutations: z.array(
    z.discriminatedUnion('kind', [
      z.object({
        kind: z.literal('create'),
        organisation: z.string(),
        collection: z.enum(COLLECTIONS),
        seq: z.number().int().positive(),
        record: recordSchema,
      }),
      z.object({
        kind: z.literal('update'),
        organisation: z.string(),
        collection: z.enum(COLLECTIONS),
        id: z.string(),
        fields: z.record(z.string(), z.unknown()),
        updatedAt: z.string(),
        updatedBy: z.string(),
      }),
    ]),
  ),
  batches: z.array(
    z.object({
      id: z.string(),
      organisation: z.string(),
      label: z.string().nullable(),
      createdAt: z.number(),
      proposalIds: z.array(z.string()),
    }),
  ),
  proposals: z.array(
    z.object({
      id: z.string(),
      organisation: z.string(),
      batchId: z.string(),
      operation: z.enum(OPERATIONS),
      resourceType: z.enum(RESOURCE_TYPES),
      resourceId: z.string().nullable(),
      fields: z.record(z.string(), z.unknown()),
      summary: z.string(),
      flags: z.array(flagSchema),
      status: z.enum(PROPOSAL_STATUSES),
      createdAt: z.number(),
      updatedAt: z.number(),
      expiresAt: z.number(),
      decidedAt: z.number().nullable(),
      decidedBy: z.string().nullable(),
      before: z.record(z.string(), z.unknown()).nullable(),
    }),
  ),
  idempotency: z.array(
    z.object({
      organisation: z.string(),
      key: z.string(),
      fingerprint: z.string(),
      status: z.number().int(),
      body: z.string(),
    }),
  ),
});
export type SandboxStateData = z.infer<typeof stateSchema>;

export class StateFileError extends Error {}

/** The saved state, undefined when the file does not exist yet; throws StateFileError when damaged. */
export function readStateFile(path: string): SandboxStateData | undefined {
  if (!existsSync(path)) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new StateFileError(
      `The sandbox state file ${path} is damaged (${error instanceof Error ? error.message : String(error)}). It was left untouched; move it away to start with fresh state.`,
    );
  }
  const parsed = stateSchema.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new StateFileError(
      `The sandbox state file ${path} is damaged (${first ? `${first.path.join('.') || 'top level'}: ${first.message}` : 'unreadable'}). It was left untouched; move it away to start with fresh state.`,
    );
  }
  return parsed.data;
}

export function writeStateFile(path: string, data: SandboxStateData): void {
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(data), { mode: 0o600 });
  renameSync(temp, path);
}
