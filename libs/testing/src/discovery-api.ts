/**
 * Test helpers for a running discovery API: a Connect client with a bearer
 * token, and readings of its Prometheus `/metrics`.
 */
import { createDiscoveryApiClient, createDiscoveryTransport, createYokoClient, type DiscoveryApiClient, type YokoClient } from '@discovery/proto/client';

export type { DiscoveryApiClient, YokoClient };

/** A yoko.v1 client over HTTP/1.1 (JSON, or binary with `binary`), sending `Bearer <token>` when given. */
export function yokoClient(baseUrl: string, token?: string, options: { binary?: boolean } = {}): YokoClient {
  return createYokoClient(bearerTransport(baseUrl, token, options));
}

/** A discovery.v1 client (our own service beside yoko.v1), like yokoClient. */
export function discoveryApiClient(baseUrl: string, token?: string, options: { binary?: boolean } = {}): DiscoveryApiClient {
  return createDiscoveryApiClient(bearerTransport(baseUrl, token, options));
}

function bearerTransport(baseUrl: string, token: string | undefined, options: { binary?: boolean }) {
  return createDiscoveryTransport({ baseUrl, ...(token ? { token } : {}), codec: options.binary ? 'binary' : 'json' });
}

/**
 * Sum of the samples of metric `name` in a Prometheus text exposition, only those carrying every
 * label in `labels` (all of them without).
 */
export function sumMetric(text: string, name: string, labels: Readonly<Record<string, string>> = {}): number {
  const wanted = Object.entries(labels).map(([label, value]) => `${label}="${value}"`);
  let total = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(name) || (line[name.length] !== '{' && line[name.length] !== ' ')) continue;
    const labelText = line[name.length] === '{' ? line.slice(name.length + 1, line.indexOf('}')) : '';
    const present = labelText.split(',');
    if (wanted.every((pair) => present.includes(pair))) total += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return total;
}

/** Reads `<baseUrl>/metrics` (within 10 s, for busy machines) and sums metric `name` (see sumMetric). */
export async function readMetric(baseUrl: string, name: string, labels: Readonly<Record<string, string>> = {}): Promise<number> {
  const response = await fetch(`${baseUrl}/metrics`, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`GET ${baseUrl}/metrics answered ${response.status}`);
  return sumMetric(await response.text(), name, labels);
}
