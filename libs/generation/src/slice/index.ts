/**
 * @discovery/generation/slice: the schema slicer (GetSchemaSlice), without the model loop, so the
 * indexer serves slices without loading the model client.
 */
export { sliceFromHits, sliceHitCount, type SchemaSliceResult, type SliceSchemaOptions } from '../schema-slicer.js';
