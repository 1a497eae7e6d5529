export * from './schema-symbol.js';
