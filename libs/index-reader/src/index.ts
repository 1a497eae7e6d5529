/**
 * @discovery/index-reader: the one reader of stored indexes, below the discovery service and
 * the generator, so both open, rank and read an index the same way.
 */
export {
  IndexReader,
  type IndexReaderObserver,
  type IndexReaderOptions,
  type LoadedIndex,
  type QueryEmbedder,
  type SearchParts,
  type SearchPlan,
} from './index-reader.js';
export { IndexReadError, IndexReadErrorCode } from './index-reader.errors.js';
export { LoadedIndexCache } from './loaded-index-cache.js';
export { indexVersion } from './index-version.js';
