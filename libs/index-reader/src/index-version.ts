/**
 * The version stamped on every built index: record format, ranking format,
 * the stored artifact's layout (docs/performance.md "The index format") and
 * embedding model. A READY index of another version is `stale`: it keeps
 * serving and is rebuilt in place on the next EnsureIndex.
 */
import { ARTIFACT_FORMAT_VERSION, RANKING_FORMAT_VERSION } from '@discovery/ranking';
import { SYMBOL_FORMAT_VERSION } from '@discovery/schema-symbols';

export function indexVersion(embedderId: string | undefined): string {
  return `symbols@${SYMBOL_FORMAT_VERSION}+ranking@${RANKING_FORMAT_VERSION}+artifact@${ARTIFACT_FORMAT_VERSION}+embeddings@${embedderId ?? 'none'}`;
}
