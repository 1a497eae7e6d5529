export { sliceSchema, sliceFromHits, sliceHitCount, type SchemaSliceResult, type SliceSchemaOptions } from './schema-slicer.js';
export type { SliceSource, SliceSearchRequest } from './slice-source.js';
export { SliceRelevance, type SliceHit } from './slice-relevance.js';
export { rootPaths, perSchemaAndRoots, type RootPaths } from './schema-paths.js';
export { shortComment, fieldLine, inputFieldLine } from './slice-lines.js';
export { countTokens } from './token-count.js';
