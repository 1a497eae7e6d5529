/** @discovery/nest-modules/generation: the generator component's module (its own entry: the indexer loads no model client). */
export { GenerationModule, type GenerationModuleOptions } from './generation.module.js';
