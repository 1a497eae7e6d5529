/**
 * Index addresses: `sha256:` + 64 lowercase hex digits of SHA-256 over the
 * exact SDL bytes (docs/wire.md §1). The same SDL always has the same address. Computed here
 * only: the indexer addresses what it stores, the bridge and the CLI what they send.
 */
import { createHash } from 'node:crypto';

export const INDEX_ID_PATTERN = /^sha256:[0-9a-f]{64}$/;

export function indexIdForSdl(sdl: string): string {
  return `sha256:${createHash('sha256').update(sdl, 'utf8').digest('hex')}`;
}

export function isIndexId(value: string): boolean {
  return INDEX_ID_PATTERN.test(value);
}
