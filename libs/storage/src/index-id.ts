/**
 * Index ids are content addresses: `sha256:` + 64 lowercase hex of the SDL.
 * Every adapter validates ids the same way, so a malformed id is a clear
 * INVALID_ARGUMENT error rather than a key nobody can find.
 */
import type { IndexArtifacts } from './index-store.js';
import { StorageError, StorageErrorCode } from './storage.errors.js';

const INDEX_ID = /^sha256:([0-9a-f]{64})$/;

/** Returns the 64-hex digest of a valid index id; throws StorageError INVALID_ARGUMENT otherwise. */
export function indexDigest(id: string): string {
  const match = typeof id === 'string' ? INDEX_ID.exec(id) : null;
  if (!match?.[1]) {
    throw new StorageError(StorageErrorCode.InvalidArgument, `index id must be "sha256:" followed by 64 lowercase hex digits (got ${describe(id)})`);
  }
  return match[1];
}

export function isIndexId(id: string): boolean {
  return INDEX_ID.test(id);
}

/** Throws INVALID_ARGUMENT unless `value` is a non-empty string of at most `max` characters. */
export function requireText(what: string, value: string, max: number): void {
  if (typeof value !== 'string' || value.length === 0 || value.length > max) {
    throw new StorageError(StorageErrorCode.InvalidArgument, `${what} must be a non-empty string of at most ${max} characters (got ${describe(value)})`);
  }
}

/** Throws INVALID_ARGUMENT unless `ms` is a positive safe integer of milliseconds. */
export function requireTtl(what: string, ms: number): void {
  if (!Number.isSafeInteger(ms) || ms <= 0) {
    throw new StorageError(StorageErrorCode.InvalidArgument, `${what} must be a positive integer of milliseconds (got ${ms})`);
  }
}

function describe(value: unknown): string {
  if (typeof value !== 'string') return typeof value;
  return value.length > 80 ? `a string of ${value.length} characters` : JSON.stringify(value);
}

/** Validates artifacts: at least one part, non-empty names, Buffer values. */
export function checkArtifacts(artifacts: IndexArtifacts): [string, Buffer][] {
  const parts = Object.entries(artifacts ?? {});
  if (parts.length === 0) {
    throw new StorageError(StorageErrorCode.InvalidArgument, 'artifacts must contain at least one part');
  }
  for (const [name, blob] of parts) {
    requireText('artifact name', name, 128);
    if (!Buffer.isBuffer(blob)) {
      throw new StorageError(StorageErrorCode.InvalidArgument, `artifact ${JSON.stringify(name)} must be a Buffer`);
    }
  }
  return parts;
}
