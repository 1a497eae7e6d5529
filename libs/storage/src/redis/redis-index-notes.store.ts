/**
 * RedisIndexNotesStore: index notes in one hash under the index's hash tag (`<p>idx:{<hex>}:notes`),
 * written only while the index exists and with the index's remaining TTL, so an idle index's notes
 * expire with it; the service deletes them with the index. Fields: `<tenant tag>|label`,
 * `<tenant tag>|used` (epoch ms) and `progress` (JSON).
 */
import { decodeProgress, type BuildProgressNote, type IndexNotes, type IndexNotesStore } from '../index-notes.js';
import { storageCall } from '../storage.errors.js';
import { defineIndexScripts, type IndexScriptRunner } from './index-store.scripts.js';
import type { RedisKeys } from './keys.js';
import type { RedisClient } from './redis-client.js';

export class RedisIndexNotesStore implements IndexNotesStore {
  private readonly client: RedisClient;
  private readonly keys: RedisKeys;
  private readonly run: IndexScriptRunner;

  constructor(options: { client: RedisClient; keys: RedisKeys }) {
    this.client = options.client;
    this.keys = options.keys;
    this.run = defineIndexScripts(options.client);
  }

  private async set(indexId: string, fields: string[]): Promise<void> {
    await storageCall('write index notes', () => this.run('sdNoteSet', [this.keys.index(indexId).meta, this.keys.notes(indexId)], fields));
  }

  setLabel(indexId: string, tenant: string, label: string): Promise<void> {
    return this.set(indexId, [`${this.keys.tenantTag(tenant)}|label`, label]);
  }

  markUsed(indexId: string, tenant: string, at: number): Promise<void> {
    return this.set(indexId, [`${this.keys.tenantTag(tenant)}|used`, String(at)]);
  }

  setProgress(indexId: string, progress: BuildProgressNote | undefined): Promise<void> {
    return this.set(indexId, ['progress', progress ? JSON.stringify(progress) : '']);
  }

  async read(indexId: string, tenant: string): Promise<IndexNotes> {
    const tag = this.keys.tenantTag(tenant);
    const [label, used, progressText] = await storageCall('read index notes', () =>
      this.client.hmget(this.keys.notes(indexId), `${tag}|label`, `${tag}|used`, 'progress'),
    );
    const progress = decodeProgress(progressText);
    return { ...(label ? { label } : {}), ...(used ? { lastUsedAt: Number(used) } : {}), ...(progress ? { progress } : {}) };
  }

  async forgetTenant(indexId: string, tenant: string): Promise<void> {
    const tag = this.keys.tenantTag(tenant);
    await storageCall('forget index notes', () => this.client.hdel(this.keys.notes(indexId), `${tag}|label`, `${tag}|used`));
  }

  async forget(indexId: string): Promise<void> {
    await storageCall('forget index notes', () => this.client.del(this.keys.notes(indexId)));
  }
}
