/**
 * IndexNotesStore: what people need to tell indexes apart and follow them, kept beside the index
 * (written only while it exists, expiring and deleted with it): per tenant, the label it gave at
 * EnsureIndex (the schema's source file or introspection URL) and when it last used the index;
 * per index, the progress of the build that runs. A tenant's notes are its own: what one tenant
 * sees never depends on another (docs/wire.md §1, auth and tenancy).
 */

export interface BuildProgressNote {
  /** `queued`, `symbols` (the schema is parsed, symbols extracted), `embeddings`, `storing`. */
  stage: string;
  done: number;
  total: number;
  /** Epoch ms of the report. */
  at: number;
}

export interface IndexNotes {
  label?: string;
  /** Epoch ms. */
  lastUsedAt?: number;
  progress?: BuildProgressNote;
}

export interface IndexNotesStore {
  /** The tenant's readable name of the index; nothing when the index does not exist. */
  setLabel(indexId: string, tenant: string, label: string): Promise<void>;
  /** The tenant used the index at `at` (epoch ms). */
  markUsed(indexId: string, tenant: string, at: number): Promise<void>;
  /** The progress of the running build; undefined clears it (the build ended). */
  setProgress(indexId: string, progress: BuildProgressNote | undefined): Promise<void>;
  read(indexId: string, tenant: string): Promise<IndexNotes>;
  /** Drops one tenant's notes (its claim went). */
  forgetTenant(indexId: string, tenant: string): Promise<void>;
  /** Drops every note of the index (it was deleted). */
  forget(indexId: string): Promise<void>;
}

/** Longest label kept, in characters. */
export const MAX_LABEL_CHARS = 300;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control and invisible characters are what cleanLabel strips
const UNSAFE_LABEL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/** A label as kept: control and invisible characters out, whitespace collapsed, at most MAX_LABEL_CHARS; undefined when nothing is left. */
export function cleanLabel(label: string): string | undefined {
  const text = label.replace(UNSAFE_LABEL_CHARACTERS, ' ').replace(/\s+/g, ' ').trim();
  if (text === '') return undefined;
  return text.length > MAX_LABEL_CHARS ? `${text.slice(0, MAX_LABEL_CHARS - 1)}…` : text;
}

/** Decodes a stored progress note (JSON), undefined when absent or unreadable. */
export function decodeProgress(text: string | null | undefined): BuildProgressNote | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as Partial<BuildProgressNote>;
    if (typeof value.stage !== 'string' || typeof value.done !== 'number' || typeof value.total !== 'number' || typeof value.at !== 'number') return undefined;
    return { stage: value.stage, done: value.done, total: value.total, at: value.at };
  } catch {
    return undefined;
  }
}
