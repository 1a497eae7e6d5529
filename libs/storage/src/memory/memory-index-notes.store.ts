/**
 * MemoryIndexNotesStore: index notes kept inside MemoryIndexStore's entries, so they go with
 * their index (delete or idle expiry), like in Redis.
 */
import { decodeProgress, type BuildProgressNote, type IndexNotes, type IndexNotesStore } from '../index-notes.js';
import type { MemoryIndexStore } from './memory-index.store.js';

export class MemoryIndexNotesStore implements IndexNotesStore {
  constructor(private readonly store: MemoryIndexStore) {}

  async setLabel(indexId: string, tenant: string, label: string): Promise<void> {
    this.store.notesOf(indexId)?.set(`${tenant}\u0000label`, label);
  }

  async markUsed(indexId: string, tenant: string, at: number): Promise<void> {
    this.store.notesOf(indexId)?.set(`${tenant}\u0000used`, String(at));
  }

  async setProgress(indexId: string, progress: BuildProgressNote | undefined): Promise<void> {
    const notes = this.store.notesOf(indexId);
    if (progress) notes?.set('progress', JSON.stringify(progress));
    else notes?.delete('progress');
  }

  async read(indexId: string, tenant: string): Promise<IndexNotes> {
    const notes = this.store.notesOf(indexId);
    if (!notes) return {};
    const label = notes.get(`${tenant}\u0000label`);
    const used = notes.get(`${tenant}\u0000used`);
    const progress = decodeProgress(notes.get('progress'));
    return { ...(label ? { label } : {}), ...(used ? { lastUsedAt: Number(used) } : {}), ...(progress ? { progress } : {}) };
  }

  async forgetTenant(indexId: string, tenant: string): Promise<void> {
    const notes = this.store.notesOf(indexId);
    notes?.delete(`${tenant}\u0000label`);
    notes?.delete(`${tenant}\u0000used`);
  }

  async forget(indexId: string): Promise<void> {
    this.store.notesOf(indexId)?.clear();
  }
}
