/** @discovery/nest-modules/discovery: the indexer component's module (its own entry: the generator never loads it). */
export { DiscoveryModule, type DiscoveryModuleOptions } from './discovery.module.js';
