export * from './embedding-provider.js';
