/**
 * The console as a component of its Nest module (libs/nest-modules): its handler on the application's listener, beside the
 * API whose Connect routes the page calls. The indexer app adds it with the page asking for a
 * token; `serve` with its one-time sign-in, whose link it prints (`consoleUrl`).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { consoleHandler, CONSOLE_PATH, type ConsoleSettings } from './console.handler.js';
import { ConsoleSignIn } from './console-sign-in.js';

export interface ConsoleAssembly {
  readonly name: 'console';
  readonly handler: ReturnType<typeof consoleHandler>;
  /** serve: the page's URL under `base` with a fresh one-time sign-in secret in its fragment. */
  signInUrl(base: string): string;
}

export interface ConsoleAssemblyOptions {
  mode: ConsoleSettings['mode'];
  /** Whether the API needs a bearer token. */
  auth: boolean;
  /** serve: the token a signed-in page gets (the one serve made for local clients). */
  localToken?: string;
  /** Host headers the sign-in accepts (read per request). */
  allowedHosts?: () => readonly string[];
  /** "Save as tool": saves a generated operation into the bridge's operations folder (serve's MCP_OPERATIONS_DIR). */
  saveOperation?: (document: string, description: string) => Promise<{ path: string; operationName: string }>;
}

export function assembleConsole(options: ConsoleAssemblyOptions): ConsoleAssembly {
  const signIn = options.mode === 'serve' ? new ConsoleSignIn(options.localToken) : undefined;
  const local = options.localToken === undefined ? undefined : sha256(`Bearer ${options.localToken}`);
  const handler = consoleHandler({
    settings: { mode: options.mode, auth: options.auth, saveAsTool: options.saveOperation !== undefined },
    ...(signIn ? { signIn } : {}),
    ...(options.allowedHosts ? { allowedHosts: options.allowedHosts } : {}),
    ...(options.saveOperation ? { saveOperation: options.saveOperation } : {}),
    // Saving writes a file: the signed-in page's token (serve's own, compared in constant time), or anyone when auth is off.
    authorized: (header) => !options.auth || (local !== undefined && header !== undefined && timingSafeEqual(sha256(header), local)),
  });
  return {
    name: 'console',
    handler,
    signInUrl: (base) => `${base.replace(/\/+$/, '')}${CONSOLE_PATH}/${signIn ? `#sign-in=${signIn.issue()}` : ''}`,
  };
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
