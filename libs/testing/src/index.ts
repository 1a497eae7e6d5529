export * from './redis.js';
export * from './openai-scripted-server.js';
