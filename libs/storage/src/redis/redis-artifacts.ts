/**
 * Index artifacts in Redis, written and read in bounded chunks so that no
 * command of ours holds Redis (single-threaded, every tenant's) for long: a
 * 1 GB artifact written by one EVAL blocked it for 25 s. Writing stages each
 * part in chunks of at most `chunkBytes` in `<idx>:art:next`, one command per
 * chunk, then one small script renames the stage to `<idx>:art` (constant
 * time) and patches the metadata: readers see the old artifacts or the new
 * ones, never a mix. Chunk fields are `<gen>:<part>:<n>` with a fresh `gen`
 * per write, listed by the `manifest` field; a read that finds a chunk gone
 * (a rebuild replaced the artifacts meanwhile) starts over.
 */
import { randomBytes } from 'node:crypto';
import type { IndexArtifacts } from '../index-store.js';
import { StorageError, StorageErrorCode } from '../storage.errors.js';
import type { IndexScriptRunner } from './index-store.scripts.js';
import type { IndexKeys } from './keys.js';

/** Largest value one command writes: about a millisecond of Redis time. */
export const ARTIFACT_CHUNK_BYTES = 256 * 1024;
/**
 * Chunks one read command returns (4 MiB: Redis copies them to its output buffer in about a
 * millisecond). The commands of one read are sent at once, so an index of a few megabytes costs
 * one round trip (docs/performance.md "The index format").
 */
const CHUNKS_PER_READ = 16;
const READ_ATTEMPTS = 3;

interface Manifest {
  gen: string;
  /** [part name, bytes, chunks] */
  parts: [string, number, number][];
}

export interface ArtifactWrite {
  parts: [string, Buffer][];
  /** Encoded meta patch: fields to delete, field/value pairs to set. */
  del: string[];
  set: string[];
}

/** Stages the parts chunk by chunk, then commits them with the meta patch. False when the index is gone. */
export async function writeArtifacts(run: IndexScriptRunner, keys: IndexKeys, write: ArtifactWrite, chunkBytes = ARTIFACT_CHUNK_BYTES): Promise<boolean> {
  const gen = randomBytes(8).toString('hex');
  const manifest: Manifest = { gen, parts: [] };
  let staged = 0;
  for (const [name, blob] of write.parts) {
    const chunks = Math.ceil(blob.byteLength / chunkBytes);
    manifest.parts.push([name, blob.byteLength, chunks]);
    for (let n = 0; n < chunks; n++) {
      const chunk = blob.subarray(n * chunkBytes, Math.min(blob.byteLength, (n + 1) * chunkBytes));
      const first = staged === 0 ? 1 : 0;
      if ((await run('sdStageChunk', [keys.meta, keys.artifactStage], [first, `${gen}:${name}:${n}`, chunk])) !== 1) return false;
      staged += 1;
    }
  }
  const args: (string | number)[] = [write.del.length, ...write.del, write.set.length / 2, ...write.set, JSON.stringify(manifest), staged];
  const reply = (await run('sdCommitArtifacts', [keys.meta, keys.artifacts, keys.artifactStage], args)) as number;
  if (reply === -1) {
    throw new StorageError(StorageErrorCode.Unavailable, 'the index artifacts were written by two builds at once; this build will retry');
  }
  return reply === 1;
}

/** The artifacts of a live index, read chunk by chunk; undefined when the index is gone or not built. */
export async function readArtifacts(
  run: IndexScriptRunner,
  client: HmgetClient,
  keys: IndexKeys,
  only?: readonly string[],
): Promise<IndexArtifacts | undefined> {
  for (let attempt = 1; attempt <= READ_ATTEMPTS; attempt++) {
    const head = (await run('sdReadManifest', [keys.meta, keys.artifacts], [])) as [string | null, number] | null;
    if (!head || head[1] === 0) return undefined;
    if (head[0] === null) return readLegacy(run, keys);
    const manifest = parseManifest(head[0]);
    const wanted = only === undefined ? manifest : { ...manifest, parts: manifest.parts.filter(([name]) => only.includes(name)) };
    const artifacts = await readChunks(client, keys.artifacts, wanted);
    if (artifacts) return artifacts;
  }
  throw new StorageError(StorageErrorCode.Unavailable, 'the index artifacts kept changing while they were read (rebuilds in progress)');
}

/** The one command `readChunks` needs. */
export interface HmgetClient {
  hmgetBuffer(key: string, ...fields: string[]): Promise<(Buffer | null)[]>;
}

async function readChunks(client: HmgetClient, key: string, manifest: Manifest): Promise<IndexArtifacts | undefined> {
  const reads: Promise<(Buffer | null)[]>[] = [];
  const plan: { name: string; bytes: number; from: number; count: number }[] = [];
  for (const [name, bytes, chunks] of manifest.parts) {
    plan.push({ name, bytes, from: reads.length, count: Math.ceil(chunks / CHUNKS_PER_READ) });
    for (let start = 0; start < chunks; start += CHUNKS_PER_READ) {
      const fields: string[] = [];
      for (let n = start; n < Math.min(chunks, start + CHUNKS_PER_READ); n++) fields.push(`${manifest.gen}:${name}:${n}`);
      reads.push(client.hmgetBuffer(key, ...fields));
    }
  }
  const replies = await Promise.all(reads);
  const artifacts: IndexArtifacts = {};
  for (const { name, bytes, from, count } of plan) {
    const pieces: Buffer[] = [];
    for (const values of replies.slice(from, from + count)) {
      for (const value of values) {
        if (value === null) return undefined;
        pieces.push(value);
      }
    }
    const blob = Buffer.concat(pieces, bytes);
    if (blob.byteLength !== bytes) throw new StorageError(StorageErrorCode.Corrupt, `stored artifact ${JSON.stringify(name)} has the wrong length`);
    artifacts[name] = blob;
  }
  return artifacts;
}

/** Artifacts written whole, one field per part, before they were chunked. */
async function readLegacy(run: IndexScriptRunner, keys: IndexKeys): Promise<IndexArtifacts | undefined> {
  const reply = (await run('sdReadArtifacts', [keys.meta, keys.artifacts], [], true)) as Buffer[] | null;
  if (!reply || reply.length === 0) return undefined;
  const artifacts: IndexArtifacts = {};
  for (let i = 0; i + 1 < reply.length; i += 2) artifacts[(reply[i] as Buffer).toString('utf8')] = reply[i + 1] as Buffer;
  return artifacts;
}

function parseManifest(text: string | Buffer): Manifest {
  try {
    const manifest = JSON.parse(text.toString()) as Manifest;
    if (typeof manifest.gen === 'string' && Array.isArray(manifest.parts)) return manifest;
  } catch {
    // reported below
  }
  throw new StorageError(StorageErrorCode.Corrupt, 'the stored artifact manifest cannot be decoded');
}
