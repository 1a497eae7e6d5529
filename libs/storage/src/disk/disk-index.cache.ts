/**
 * DiskIndexCache: built indexes kept in files between starts of a process that holds its indexes
 * in memory (`discovery-mcp --stdio` with nothing else running), so a client's restart finds its
 * index ready instead of building it again. Content-addressed like Redis: `<dir>/<64 hex>.idx` holds
 * the index of the SDL whose SHA-256 that is, and is used only for that SDL. Safe against other
 * users and symlinks: the folder must be ours, a real folder and writable by us alone (0700);
 * files are created owner-only (0600) under a random temporary name, never through a symlink
 * (O_NOFOLLOW), renamed into place whole, and checked on load (ours, a regular file, a checksum
 * over what they hold). Bounded: beyond `maxBytes` the least recently used files go.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import type { IndexArtifacts, IndexMeta } from '../index-store.js';
import { indexDigest } from '../index-id.js';

const MAGIC = 'SDIDX1\n';
/** Most bytes the cache keeps (about a hundred large schemas). */
export const DISK_CACHE_MAX_BYTES = 2 * 1024 * 1024 * 1024;

export interface DiskIndexEntry {
  meta: IndexMeta;
  artifacts: IndexArtifacts;
}

export class DiskIndexCache {
  /** Why the folder is not used (another user's, a symlink, writable by others), or undefined when it is. */
  readonly refused: string | undefined;

  constructor(
    private readonly dir: string,
    private readonly maxBytes = DISK_CACHE_MAX_BYTES,
  ) {
    this.refused = checkFolder(dir);
  }

  /** The stored index of `id`, or undefined (none, not ours, damaged). */
  load(id: string): DiskIndexEntry | undefined {
    if (this.refused) return undefined;
    const file = this.fileOf(id);
    let fd: number;
    try {
      fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW);
    } catch {
      return undefined;
    }
    try {
      const stat = fstatSync(fd);
      if (!stat.isFile() || stat.uid !== ownUid() || stat.size > this.maxBytes) return undefined;
      const bytes = Buffer.alloc(stat.size);
      let read = 0;
      while (read < bytes.length) read += readSync(fd, bytes, read, bytes.length - read, read) || bytes.length;
      const entry = decode(bytes);
      if (!entry || entry.meta.id !== id) return undefined;
      utimesSync(file, new Date(), new Date());
      return entry;
    } catch {
      return undefined;
    } finally {
      closeSync(fd);
    }
  }

  /** Stores an index whole (a temporary file renamed into place), then keeps the folder within its budget. */
  save(id: string, entry: DiskIndexEntry): void {
    if (this.refused) return;
    const temporary = join(this.dir, `.${indexDigest(id)}.${randomBytes(6).toString('hex')}.tmp`);
    const fd = openSync(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
    try {
      const bytes = encode(entry);
      let written = 0;
      while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written, written);
    } catch (error) {
      closeSync(fd);
      unlinkSync(temporary);
      throw error;
    }
    closeSync(fd);
    renameSync(temporary, this.fileOf(id));
    this.prune();
  }

  private fileOf(id: string): string {
    return join(this.dir, `${indexDigest(id)}.idx`);
  }

  /** Least recently used files out until the folder is within maxBytes. */
  private prune(): void {
    const files = readdirSync(this.dir)
      .filter((name) => /^[0-9a-f]{64}\.idx$/.test(name))
      .map((name) => ({ path: join(this.dir, name), stat: statSync(join(this.dir, name)) }))
      .sort((a, b) => b.stat.mtimeMs - a.stat.mtimeMs);
    let total = 0;
    for (const [i, file] of files.entries()) {
      total += file.stat.size;
      // The newest (the one just saved) stays whatever its size.
      if (i > 0 && total > this.maxBytes) unlinkSync(file.path);
    }
  }
}

function ownUid(): number {
  return process.getuid?.() ?? -1;
}

/** Creates the folder owner-only; undefined when it may be used, else why not. */
function checkFolder(dir: string): string | undefined {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stat = lstatSync(dir);
    if (stat.isSymbolicLink() || !stat.isDirectory()) return `${dir} is not a folder (a symlink is not followed)`;
    if (process.getuid && stat.uid !== process.getuid()) return `${dir} belongs to another user`;
    if ((stat.mode & 0o022) !== 0) return `${dir} is writable by other users`;
    return undefined;
  } catch (error) {
    return `${dir} cannot be used (${(error as NodeJS.ErrnoException).code ?? 'error'})`;
  }
}

/** MAGIC, a 4-byte header length, the JSON header (meta, part names and sizes, checksum), the parts. */
function encode(entry: DiskIndexEntry): Buffer {
  const names = Object.keys(entry.artifacts).sort();
  const parts = names.map((name) => entry.artifacts[name]!);
  const body = Buffer.concat(parts);
  const header = Buffer.from(JSON.stringify({ meta: entry.meta, parts: names.map((name, i) => [name, parts[i]!.length]), sha256: checksum(entry.meta, body) }));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(header.length);
  return Buffer.concat([Buffer.from(MAGIC), length, header, body]);
}

function decode(bytes: Buffer): DiskIndexEntry | undefined {
  if (bytes.subarray(0, MAGIC.length).toString() !== MAGIC) return undefined;
  const length = bytes.readUInt32BE(MAGIC.length);
  const start = MAGIC.length + 4;
  const header = JSON.parse(bytes.subarray(start, start + length).toString('utf8')) as { meta: IndexMeta; parts: [string, number][]; sha256: string };
  const body = bytes.subarray(start + length);
  if (checksum(header.meta, body) !== header.sha256) return undefined;
  const artifacts: IndexArtifacts = {};
  let at = 0;
  for (const [name, size] of header.parts) {
    artifacts[name] = Buffer.from(body.subarray(at, at + size));
    at += size;
  }
  return at === body.length ? { meta: header.meta, artifacts } : undefined;
}

function checksum(meta: IndexMeta, body: Buffer): string {
  return createHash('sha256').update(JSON.stringify(meta)).update(body).digest('hex');
}
