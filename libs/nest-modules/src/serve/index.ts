/**
 * @discovery/nest-modules/serve: `serve`, everything in one process (ServeModule, startServe,
 * the command runServe, its banner), and stdio without DISCOVERY_URL (runEmbeddedStdio).
 */
export { ServeModule, ServeTeardown, type ServeModuleOptions } from './serve.module.js';
export { runServe, startServe, type StartedServe, type StartServeOptions } from './serve.js';
export { serveBanner, type ServeAddresses } from './serve-banner.js';
export { runEmbeddedStdio } from './embedded-stdio.js';
