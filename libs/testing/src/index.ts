export * from './redis.js';
export * from './openai-scripted-server.js';
export * from './scripted-endpoint-profile.js';
export * from './redis-server.js';
export * from './discovery-api.js';
export * from './delaying-proxy.js';
export * from './redis-cluster.js';
