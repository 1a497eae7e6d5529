/**
 * IndexMeta <-> Redis hash: one field per property, each value JSON-encoded so
 * types survive. A patch becomes fields to set and fields to delete (a property
 * present with the value `undefined` is removed, e.g. clearing `error`).
 */
import { z } from 'zod';
import type { IndexMeta } from './index-store.js';
import { StorageError, StorageErrorCode } from './storage.errors.js';

const metaSchema = z.object({
  id: z.string(),
  state: z.enum(['indexing', 'ready', 'failed']),
  builtVersion: z.string().optional(),
  building: z.boolean(),
  symbolCount: z.number().int().nonnegative(),
  createdAt: z.number(),
  indexedAt: z.number().optional(),
  error: z.string().optional(),
  failure: z
    .object({
      kind: z.enum(['schema', 'limit', 'internal']),
      limit: z.string().optional(),
      line: z.number().int().positive().optional(),
      column: z.number().int().positive().optional(),
    })
    .optional(),
  sdlBytes: z.number().int().nonnegative(),
  storedBytes: z.number().int().nonnegative().optional(),
});

/** Validates a full meta object or a patch before it is stored (no `id` in a patch). */
const patchSchema = metaSchema.omit({ id: true }).partial().strict();

export type MetaPatch = Partial<Omit<IndexMeta, 'id'>>;

/** Throws INVALID_ARGUMENT when a patch has unknown properties or values of the wrong type. */
export function checkPatch(patch: MetaPatch): void {
  const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  const result = patchSchema.safeParse(defined);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => `${issue.path.join('.') || '(patch)'}: ${issue.message}`);
    throw new StorageError(StorageErrorCode.InvalidArgument, `invalid index metadata patch: ${issues.join('; ')}`);
  }
}

/** Splits a patch into flat [field, json, field, json, ...] to set and field names to delete. */
export function encodePatch(patch: MetaPatch): { set: string[]; del: string[] } {
  checkPatch(patch);
  const set: string[] = [];
  const del: string[] = [];
  for (const [field, value] of Object.entries(patch)) {
    if (field === 'id') continue;
    if (value === undefined) del.push(field);
    else set.push(field, JSON.stringify(value));
  }
  return { set, del };
}

export function encodeMeta(meta: IndexMeta): string[] {
  const { id, ...rest } = meta;
  return ['id', JSON.stringify(id), ...encodePatch(rest).set];
}

/** Decodes HGETALL output; undefined for an empty hash (missing index). */
export function decodeMeta(hash: Record<string, string>): IndexMeta | undefined {
  const entries = Object.entries(hash);
  if (entries.length === 0) return undefined;
  try {
    const raw = Object.fromEntries(entries.map(([field, json]) => [field, JSON.parse(json) as unknown]));
    return stripUndefined(metaSchema.parse(raw));
  } catch (error) {
    throw new StorageError(StorageErrorCode.Corrupt, 'stored index metadata cannot be decoded', { cause: error });
  }
}

/** Turns a flat [field, value, ...] reply into an object. */
export function pairsToObject(pairs: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < pairs.length; i += 2) out[pairs[i] as string] = pairs[i + 1] as string;
  return out;
}

function stripUndefined(meta: IndexMeta): IndexMeta {
  return Object.fromEntries(Object.entries(meta).filter(([, value]) => value !== undefined)) as unknown as IndexMeta;
}
