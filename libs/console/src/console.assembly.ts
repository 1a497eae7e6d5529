/**
 * The console as a component of the ServiceHost: its handler on the host's listener, beside the
 * API whose Connect routes the page calls. The indexer app adds it with the page asking for a
 * token; `serve` with its one-time sign-in, whose link it prints (`consoleUrl`).
 */
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
  /**
   * Whether generated operations can be saved as tools. SEAM (issue 24): the bridge's operations
   * folder and its library function to save an operation are not in main yet; until they are, this
   * stays false and the console shows no "save as tool" button.
   */
  saveAsTool?: boolean;
}

export function assembleConsole(options: ConsoleAssemblyOptions): ConsoleAssembly {
  const signIn = options.mode === 'serve' ? new ConsoleSignIn(options.localToken) : undefined;
  const handler = consoleHandler({
    settings: { mode: options.mode, auth: options.auth, saveAsTool: options.saveAsTool ?? false },
    ...(signIn ? { signIn } : {}),
    ...(options.allowedHosts ? { allowedHosts: options.allowedHosts } : {}),
  });
  return {
    name: 'console',
    handler,
    signInUrl: (base) => `${base.replace(/\/+$/, '')}${CONSOLE_PATH}/${signIn ? `#sign-in=${signIn.issue()}` : ''}`,
  };
}
