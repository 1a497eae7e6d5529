export * from './fixtures.js';
export * from './lexical-generation-index.js';
