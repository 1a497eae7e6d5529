/** @discovery/nest-modules/console: the web console's module. */
export { ConsoleModule, boundPortOf } from './console.module.js';
