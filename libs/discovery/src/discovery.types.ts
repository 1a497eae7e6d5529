/**
 * The discovery service's own view of indexes, requests and answers,
 * independent of the wire (the Connect layer maps them to yoko.v1 messages).
 */
import type { BuildFailureParts, BuildProgressNote, IndexState } from '@discovery/storage';

/** Who is calling: indexes belong to the tenants that ensured them. */
export interface Caller {
  tenant: string;
}

export interface IndexView {
  id: string;
  status: IndexState;
  /** Built by an older indexer version (record format, ranking or embedding model); serving while rebuilt. */
  stale: boolean;
  symbolCount: number;
  createdAt: Date;
  indexedAt?: Date;
  error?: string;
}

/** What people need to tell indexes apart and follow them (discovery.v1 IndexDetails). */
export interface IndexDetailsView extends IndexView {
  /** The tenant's readable name (its source file or introspection URL), when one was given. */
  label?: string;
  /** A build runs (the first one, or an in-place rebuild). */
  building: boolean;
  sdlBytes: number;
  storedBytes?: number;
  lastUsedAt?: Date;
  progress?: BuildProgressNote;
  /** The last failed build in parts (with `error`, its message). */
  failure?: BuildFailureParts;
}

export interface SearchInput {
  indexId: string;
  query: string;
  /** 0 or absent: the default. */
  limit?: number;
  kinds?: string[];
  roots?: string[];
  parent?: string;
  paginated?: boolean;
}

export interface SymbolsInput {
  indexId: string;
  coordinates: string[];
}

export interface GenerateInput {
  indexId: string;
  prompt: string;
}

/** GetSchemaSlice's request in domain terms (discovery.v1). */
export interface SliceInput {
  indexId: string;
  query: string;
  /** 0 or absent: the default (8000). */
  maxTokens?: number;
  /** Root operations (`query`, `mutation`, `subscription`); empty: query only. */
  roots?: string[];
}

/** A schema slice: SDL, its o200k tokens, every element printed, and whether relevant elements were left out. */
export interface SliceView {
  sdl: string;
  tokens: number;
  coordinates: string[];
  truncated: boolean;
}

export interface SymbolView {
  coordinate: string;
  score: number;
  record: Record<string, unknown>;
}

/** The build job: its data is the address; the SDL is read from the store. */
export interface BuildJobData {
  indexId: string;
  requestId?: string;
}

export interface BuildJobResult {
  symbolCount: number;
}

export const BUILD_QUEUE = 'index-build';
