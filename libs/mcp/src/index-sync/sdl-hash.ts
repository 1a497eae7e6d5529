/**
 * The content address of a schema, computed exactly as the indexer does (docs/wire.md §1):
 * `sha256:` + 64 lowercase hex digits of SHA-256 over the UTF-8 bytes of the SDL.
 */
import { createHash } from 'node:crypto';

export function sdlIndexId(sdl: string): string {
  return `sha256:${createHash('sha256').update(sdl, 'utf8').digest('hex')}`;
}
