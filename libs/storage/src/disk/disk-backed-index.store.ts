/**
 * DiskBackedIndexStore: MemoryIndexStore whose built indexes are also kept on disk
 * (DiskIndexCache), for a process that runs alone in memory (`discovery-mcp --stdio`). An SDL
 * seen for the first time in this process but built before comes back ready from its file (its
 * build job then finds it built, or rebuilds it when the indexer's version changed); a finished
 * build is written to its file. The cache never fails a call: a file that cannot be read or
 * written only costs the time of a build.
 */
import type { CreateResult, IndexArtifacts } from '../index-store.js';
import { MemoryIndexStore, type MemoryIndexStoreOptions } from '../memory/memory-index.store.js';
import type { MetaPatch } from '../meta-codec.js';
import { DiskIndexCache } from './disk-index.cache.js';

export class DiskBackedIndexStore extends MemoryIndexStore {
  readonly disk: DiskIndexCache;

  constructor(dir: string, options: MemoryIndexStoreOptions & { maxBytes?: number; onError?: (error: unknown) => void } = {}) {
    super(options);
    this.disk = new DiskIndexCache(dir, options.maxBytes);
    this.onError = options.onError ?? (() => undefined);
  }

  private readonly onError: (error: unknown) => void;

  override async ensure(id: string, sdl: string, tenant: string, now: number): Promise<CreateResult> {
    const result = await super.ensure(id, sdl, tenant, now);
    if (!result.created) return result;
    const stored = this.disk.load(id);
    if (stored?.meta.state !== 'ready' || !stored.meta.builtVersion) return result;
    const { id: _id, createdAt: _created, ...meta } = stored.meta;
    await super.putArtifacts(id, stored.artifacts, { ...meta, building: false });
    return { ...result, meta: (await this.getMeta(id)) ?? result.meta };
  }

  override async putArtifacts(id: string, artifacts: IndexArtifacts, patch: MetaPatch): Promise<boolean> {
    const stored = await super.putArtifacts(id, artifacts, patch);
    const meta = stored && patch.state === 'ready' ? await this.getMeta(id) : undefined;
    if (meta) {
      try {
        this.disk.save(id, { meta, artifacts });
      } catch (error) {
        this.onError(error);
      }
    }
    return stored;
  }
}
