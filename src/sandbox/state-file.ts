// The optional state file: everything that is not re-generated from the seed (cursor secret,
// applied changes, proposals, idempotency records). Written atomically (temp file + rename) for the
// user only; a file that cannot be read back is reported, never silently replaced.
import {
  closeSync,
  existsSync,
  fchmodSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';
import { COLLECTIONS, OPERATIONS, PROPOSAL_STATUSES, RESOURCE_TYPES } from '../shared/service';

const recordSchema = z.looseObject({ id: z.string().min(1) });
const flagSchema = z.object({ code: z.string(), severity: z.enum(['info', 'warning']), message: z.string() });

export const stateSchema = z.object({
  format: z.literal('propdesk-sandbox-state'),
  version: z.literal(1),
  seed: z.number().int(),
  recordsScale: z.number().int().positive(),
  /** Months of payments the demo was made with; files from before the choice existed had 13. */
  paymentMonths: z.number().int().positive().optional(),
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
      z.object({
        kind: z.literal('remove'),
        organisation: z.string(),
        collection: z.enum(COLLECTIONS),
        id: z.string(),
        removedAt: z.string(),
        removedBy: z.string(),
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
  writePrivately(path, JSON.stringify(data));
}

// POSIX modes: Windows has none to set (chmod there only toggles read-only).
const POSIX = process.platform !== 'win32';

/**
 * Written for the user only (the file holds the cursor secret and the demo's records): 0600, in folders
 * made 0700. The mode is set on the open file, so a temp file left by a crash cannot keep a looser one.
 * (The sandbox imports nothing from main, so main's private-file helper is not used here.)
 */
export function writePrivately(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temp = `${path}.${process.pid}.tmp`;
  const fd = openSync(temp, 'w', 0o600);
  try {
    if (POSIX) fchmodSync(fd, 0o600);
    writeFileSync(fd, text);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, path);
}
