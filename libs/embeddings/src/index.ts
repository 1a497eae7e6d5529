export * from './embedding-provider.js';
export * from './embedding.errors.js';
export * from './vector-math.js';
export * from './sentencepiece.tokenizer.js';
export * from './use-lite/use-lite.provider.js';
export * from './static/static-table.js';
export * from './static/static.provider.js';
export * from './openai-embedding.provider.js';
