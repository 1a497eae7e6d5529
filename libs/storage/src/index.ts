export * from './index-store.js';
export * from './job-queue.js';
export * from './event-bus.js';
export * from './embedding-cache.js';
