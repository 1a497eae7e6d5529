/**
 * @discovery/service-host: the shared parts of a service process and the one runner that hosts
 * the component assemblies (discovery's indexer, generation's generator, mcp's bridge).
 */
export { createProcessParts, createServiceParts, type ProcessParts, type ProcessPartsOptions, type ServiceParts, type ServicePartsOptions } from './service-parts.js';
export { ServiceHost, type ListenOptions, type NodeHandler, type ServiceComponent, type ServiceHostOptions } from './service-host.js';
