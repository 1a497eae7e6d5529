/**
 * The console's clients of the discovery API: connect-es's web transport to the page's own origin
 * (the same Connect routes, tokens and tenancy as every other client), the token kept in this
 * tab's sessionStorage only, and serve's one-time sign-in link (`#sign-in=<secret>`).
 */
import { createClient, type Client, type Interceptor } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-web';
import { DiscoveryService, YokoService } from '@discovery/proto/web';

export type Yoko = Client<typeof YokoService>;
export type DiscoveryApi = Client<typeof DiscoveryService>;

export interface Settings {
  mode: 'serve' | 'indexer';
  auth: boolean;
  saveAsTool: boolean;
}

export interface Api {
  yoko: Yoko;
  discovery: DiscoveryApi;
  /** "Save as tool": the operation written into serve's operations folder. */
  saveOperation(document: string, description: string): Promise<{ path: string; operationName: string }>;
}

const TOKEN_KEY = 'schema-discovery.console.token';

export function storedToken(): string | undefined {
  return sessionStorage.getItem(TOKEN_KEY) ?? undefined;
}

export function storeToken(token: string | undefined): void {
  if (token === undefined) sessionStorage.removeItem(TOKEN_KEY);
  else sessionStorage.setItem(TOKEN_KEY, token);
}

export function apiFor(token: string | undefined): Api {
  const bearer: Interceptor = (next) => (request) => {
    if (token) request.header.set('Authorization', `Bearer ${token}`);
    return next(request);
  };
  const transport = createConnectTransport({ baseUrl: location.origin, interceptors: [bearer] });
  return {
    yoko: createClient(YokoService, transport),
    discovery: createClient(DiscoveryService, transport),
    async saveOperation(document, description) {
      const response = await fetch('/console/operations', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ document, description }),
      });
      const body = (await response.json().catch(() => ({}))) as { path?: string; operationName?: string; error?: string };
      if (!response.ok || !body.path) throw new Error(body.error ?? `saving failed (HTTP ${response.status})`);
      return { path: body.path, operationName: body.operationName ?? '' };
    },
  };
}

export async function loadSettings(): Promise<Settings> {
  const response = await fetch('/console/settings.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`the console settings did not load (HTTP ${response.status})`);
  return (await response.json()) as Settings;
}

/** Redeems serve's one-time sign-in secret from the URL fragment (then removed from the address bar). */
export async function signInFromLink(): Promise<string | undefined | Error> {
  const secret = /(?:^#|&)sign-in=([\w-]+)/.exec(location.hash)?.[1];
  if (!secret) return undefined;
  history.replaceState(null, '', location.pathname + location.search);
  const response = await fetch('/console/session', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ secret }),
  });
  const body = (await response.json().catch(() => ({}))) as { token?: string; error?: string };
  if (!response.ok || typeof body.token !== 'string') return new Error(body.error ?? `sign-in failed (HTTP ${response.status})`);
  return body.token;
}

/** A readable sentence for a failed call (the service's own message). */
export function errorText(error: unknown): string {
  if (error && typeof error === 'object' && 'rawMessage' in error && typeof error.rawMessage === 'string') {
    const code = 'code' in error && typeof error.code === 'number' ? CODE_NAMES[error.code] : undefined;
    return code ? `${error.rawMessage} (${code})` : error.rawMessage;
  }
  return error instanceof Error ? error.message : String(error);
}

const CODE_NAMES: Record<number, string> = {
  3: 'invalid argument',
  5: 'not found',
  7: 'permission denied',
  8: 'resource exhausted',
  9: 'not ready',
  12: 'not offered',
  14: 'unavailable',
  16: 'unauthenticated',
};
