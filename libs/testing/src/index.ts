export {
  closeTestRedis,
  countKeysByPrefix,
  createTestRedis,
  deleteKeysByPrefix,
  findKeys,
  sleep,
  TEST_REDIS_MODE,
  TEST_REDIS_URL,
  type TestRedis,
  testRedisEnv,
  testStorageOptions,
  uniquePrefix,
  waitFor,
} from './redis.js';
export { OpenAiScriptedServer, type RecordedRequest, type ScriptedReply, type ScriptedToolCall, submitReply, toolCallReply } from './openai-scripted-server.js';
export {
  azureRefusal,
  type EndpointKind,
  type EndpointProfile,
  errorBody,
  infoRoute,
  overflows,
  promptTokensOf,
  type RefusalBody,
  refusalFor,
} from './scripted-endpoint-profile.js';
export { freePort, type PrivateRedis, type PrivateRedisOptions, startPrivateRedis } from './redis-server.js';
export { discoveryApiClient, type DiscoveryApiClient, readMetric, sumMetric, yokoClient, type YokoClient } from './discovery-api.js';
export { type DelayingProxy, startDelayingProxy } from './delaying-proxy.js';
export { closeClusterNodes, clusterMasters, type ClusterNode, migrateSlot, ownerOf, slotOf } from './redis-cluster.js';
