export { assembleConsole, type ConsoleAssembly, type ConsoleAssemblyOptions } from './console.assembly.js';
export { consoleHandler, CONSOLE_PATH, type ConsoleHandler, type ConsoleHandlerOptions, type ConsoleSettings } from './console.handler.js';
export { ConsoleSignIn } from './console-sign-in.js';
