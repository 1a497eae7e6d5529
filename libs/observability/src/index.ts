/**
 * @discovery/observability: structured logs with redaction and request ids,
 * Prometheus metrics with typed handles, and the /healthz, /readyz and
 * /metrics endpoints every service mounts.
 */
export { createLogger, flushLogs, requestLogger, type Logger, type LogLevelName, type LoggerCreateOptions } from './logger.js';
export { REDACTED, redact, redactFields, redactText } from './redaction.js';
export { REQUEST_ID_HEADER, acceptRequestId, currentRequestId, newRequestId, withRequestId } from './request-context.js';
export {
  BuildMetrics,
  CacheMetrics,
  IndexMetrics,
  Metrics,
  ModelMetrics,
  QueueMetrics,
  RequestMetrics,
  type BuildTracker,
  type MetricsOptions,
  type ModelCall,
  type QueueDepthSource,
} from './metrics.js';
export { OpsEndpoints, type OpsEndpointsOptions, type ReadinessCheck, type ReadinessDetails, type ReadinessReport } from './ops-endpoints.js';
export { codeName, observabilityInterceptor, type ObservabilityInterceptorOptions } from './observability.interceptor.js';
