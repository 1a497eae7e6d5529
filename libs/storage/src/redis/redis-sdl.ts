/**
 * An index's SDL in Redis, moved in bounded pieces: an 8 MB SDL written by one
 * script or read by one GET held Redis for a second (issue 14), and growing or
 * pre-sizing one 8 MB string costs Redis a large allocation in one command. A
 * small SDL is one string; a larger one is a hash of pieces of at most
 * `chunkBytes` (fields "0", "1", ...), staged under a key of its own (same
 * hash tag, short TTL) one HSET at a time, then renamed into place by
 * `sdEnsure` atomically with the index's creation. Both are read back in
 * pieces. An SDL never changes (its digest is the index id), so pieces of two
 * SDLs cannot mix.
 */
import { randomBytes } from 'node:crypto';
import type { RedisClient } from './redis-client.js';

/** Largest piece one command moves: about a millisecond of Redis time. */
export const SDL_CHUNK_BYTES = 256 * 1024;
/** A staged SDL nobody committed (the caller died) goes by itself. */
const STAGE_TTL_MS = 10 * 60 * 1000;

/** A fresh staging key next to `sdlKey` (same hash tag). */
export function sdlStageKey(sdlKey: string): string {
  return `${sdlKey}:stage:${randomBytes(8).toString('hex')}`;
}

/** Writes `sdl` to `stageKey` as a hash of pieces of at most `chunkBytes`. */
export async function stageSdl(client: RedisClient, stageKey: string, sdl: Buffer, chunkBytes = SDL_CHUNK_BYTES): Promise<void> {
  for (let start = 0, n = 0; start < sdl.byteLength; start += chunkBytes, n++) {
    await client.hset(stageKey, String(n), sdl.subarray(start, start + chunkBytes));
    if (n === 0) await client.pexpire(stageKey, STAGE_TTL_MS);
  }
}

/**
 * The SDL at `key` read in pieces, as its UTF-8 bytes in a buffer of its own (never a view into a
 * pooled one); undefined when it is missing or vanished while it was read.
 */
export async function readSdlBytes(client: RedisClient, key: string, chunkBytes = SDL_CHUNK_BYTES): Promise<Buffer | undefined> {
  const type = await client.type(key);
  if (type === 'hash') return readPieces(client, key);
  if (type !== 'string') return undefined;
  const length = await client.strlen(key);
  const pieces: Buffer[] = [];
  for (let start = 0; start < length; start += chunkBytes) {
    const piece = await client.getrangeBuffer(key, start, Math.min(length, start + chunkBytes) - 1);
    if (piece.byteLength === 0) return undefined;
    pieces.push(piece);
  }
  const bytes = joined(pieces);
  return bytes.byteLength === length ? bytes : undefined;
}

async function readPieces(client: RedisClient, key: string): Promise<Buffer | undefined> {
  const count = await client.hlen(key);
  const pieces: Buffer[] = [];
  for (let n = 0; n < count; n++) {
    const piece = await client.hgetBuffer(key, String(n));
    if (piece === null) return undefined;
    pieces.push(piece);
  }
  return count === 0 ? undefined : joined(pieces);
}

/** The pieces in one buffer that owns its memory whole. */
function joined(pieces: readonly Buffer[]): Buffer {
  const length = pieces.reduce((sum, piece) => sum + piece.byteLength, 0);
  const bytes = Buffer.from(new ArrayBuffer(length));
  let at = 0;
  for (const piece of pieces) {
    bytes.set(piece, at);
    at += piece.byteLength;
  }
  return bytes;
}
