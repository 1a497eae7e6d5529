/**
 * The disk cache of built indexes (stdio without Redis, issue 26): round trip, content addressed,
 * owner-only files, and refusal of a folder or file that is not safely ours (symlinks, other
 * users' writes, damage); and the memory store that uses it, across two "starts".
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { DiskBackedIndexStore } from './disk-backed-index.store.js';
import { DiskIndexCache } from './disk-index.cache.js';
import type { IndexMeta } from '../index-store.js';

const dirs: string[] = [];
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'disk-cache-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const SDL = 'type Query { hello: String }';
const ID = `sha256:${createHash('sha256').update(SDL).digest('hex')}`;
const META: IndexMeta = {
  id: ID,
  state: 'ready',
  builtVersion: 'v1',
  building: false,
  symbolCount: 2,
  createdAt: 1,
  indexedAt: 2,
  sdlBytes: SDL.length,
  storedBytes: 40,
};
const ARTIFACTS = { records: Buffer.from('records'), postings: Buffer.from([1, 2, 3]) };

describe('DiskIndexCache', () => {
  it('keeps an index whole in an owner-only file named by its address', () => {
    const dir = join(folder(), 'indexes');
    const cache = new DiskIndexCache(dir);
    expect(cache.refused).toBeUndefined();
    expect(lstatSync(dir).mode & 0o777).toBe(0o700);
    cache.save(ID, { meta: META, artifacts: ARTIFACTS });
    const file = join(dir, `${ID.slice(7)}.idx`);
    expect(lstatSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual([`${ID.slice(7)}.idx`]);
    expect(new DiskIndexCache(dir).load(ID)).toEqual({ meta: META, artifacts: ARTIFACTS });
    expect(cache.load(`sha256:${'0'.repeat(64)}`)).toBeUndefined();
  });

  it('refuses a folder that is a symlink or that others may write', () => {
    const root = folder();
    mkdirSync(join(root, 'real'));
    symlinkSync(join(root, 'real'), join(root, 'link'));
    expect(new DiskIndexCache(join(root, 'link')).refused).toContain('not a folder');
    mkdirSync(join(root, 'open'));
    chmodSync(join(root, 'open'), 0o777);
    expect(new DiskIndexCache(join(root, 'open')).refused).toContain('writable by other users');
    expect(new DiskIndexCache(join(root, 'open')).load(ID)).toBeUndefined();
  });

  it('follows no symlinked file and ignores a damaged one', () => {
    const dir = folder();
    const cache = new DiskIndexCache(dir);
    const elsewhere = join(folder(), 'planted.idx');
    new DiskIndexCache(join(elsewhere, '..')).save(ID, { meta: META, artifacts: ARTIFACTS });
    symlinkSync(join(elsewhere, '..', `${ID.slice(7)}.idx`), join(dir, `${ID.slice(7)}.idx`));
    expect(cache.load(ID)).toBeUndefined();
    rmSync(join(dir, `${ID.slice(7)}.idx`));
    cache.save(ID, { meta: META, artifacts: ARTIFACTS });
    writeFileSync(join(dir, `${ID.slice(7)}.idx`), 'SDIDX1\n\u0000\u0000\u0000\u0002{}garbage');
    expect(cache.load(ID)).toBeUndefined();
  });

  it('stays within its budget, least recently used out', () => {
    const dir = folder();
    const cache = new DiskIndexCache(dir, 600);
    const other = `sha256:${'a'.repeat(64)}`;
    cache.save(other, { meta: { ...META, id: other }, artifacts: { big: Buffer.alloc(300) } });
    utimesSync(join(dir, `${other.slice(7)}.idx`), new Date(1000), new Date(1000));
    cache.save(ID, { meta: META, artifacts: { big: Buffer.alloc(300) } });
    expect(readdirSync(dir)).toEqual([`${ID.slice(7)}.idx`]);
  });
});

describe('DiskBackedIndexStore', () => {
  it('finds an index built in an earlier start ready at once', async () => {
    const dir = folder();
    const first = new DiskBackedIndexStore(dir);
    await first.ensure(ID, SDL, 'default', 1);
    await first.putArtifacts(ID, ARTIFACTS, { state: 'ready', builtVersion: 'v1', building: false, symbolCount: 2, indexedAt: 2, storedBytes: 40 });
    await first.close();
    const second = new DiskBackedIndexStore(dir);
    const { meta, created } = await second.ensure(ID, SDL, 'default', 5);
    expect(created).toBe(true);
    expect(meta).toMatchObject({ state: 'ready', builtVersion: 'v1', symbolCount: 2, building: false });
    expect(await second.getArtifacts(ID)).toEqual(ARTIFACTS);
    await second.close();
  });
});
