/**
 * The version stamped on every built index: record format, ranking format
 * and embedding model. A READY index of another version is `stale`: it keeps
 * serving and is rebuilt in place on the next EnsureIndex.
 */
import { RANKING_FORMAT_VERSION } from '@discovery/ranking';
import { SYMBOL_FORMAT_VERSION } from '@discovery/schema-symbols';

export function indexVersion(embedderId: string | undefined): string {
  return `symbols@${SYMBOL_FORMAT_VERSION}+ranking@${RANKING_FORMAT_VERSION}+embeddings@${embedderId ?? 'none'}`;
}
