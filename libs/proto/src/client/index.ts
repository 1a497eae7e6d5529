/**
 * @discovery/proto/client: the one Connect client of the discovery API (`yoko.v1.YokoService` and
 * our `discovery.v1.DiscoveryService`), configured the way Cosmo's router calls it: Connect
 * protocol over HTTP/1.1 and `Authorization: Bearer <service token>` on every call (no header
 * when the service runs without auth), plus `discovery-index` on every call that names an index
 * (routing by index, index-routing.ts). The bridge, the CLI and the tests build theirs here.
 */
import { createClient, type Client, type Interceptor, type Transport } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { DiscoveryService, indexHeaderInterceptor, YokoService } from '../index.js';

export type YokoClient = Client<typeof YokoService>;
export type DiscoveryApiClient = Client<typeof DiscoveryService>;

export interface DiscoveryClientOptions {
  /** Base URL of the indexer, e.g. `http://127.0.0.1:4100`. */
  baseUrl: string;
  /** Service token; omitted when the indexer runs with auth switched off. */
  token?: string;
  /** `json` (default, like the router) or `binary` protobuf on the wire. */
  codec?: 'json' | 'binary';
}

/** Adds the bearer service token to every request. */
export function bearerTokenInterceptor(token: string): Interceptor {
  const value = `Bearer ${token}`;
  return (next) => async (request) => {
    request.header.set('Authorization', value);
    return next(request);
  };
}

export function createDiscoveryTransport(options: DiscoveryClientOptions): Transport {
  let url: URL;
  try {
    url = new URL(options.baseUrl);
  } catch {
    throw new TypeError('The discovery URL is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError('The discovery URL must use http or https');
  }
  return createConnectTransport({
    baseUrl: options.baseUrl,
    httpVersion: '1.1',
    useBinaryFormat: options.codec === 'binary',
    interceptors: [indexHeaderInterceptor(), ...(options.token ? [bearerTokenInterceptor(options.token)] : [])],
  });
}

/** The yoko.v1 client over `transport` (default: HTTP to `options.baseUrl`). */
export function createYokoClient(transport: Transport): YokoClient {
  return createClient(YokoService, transport);
}

/** The discovery.v1 client (GetSchemaSlice, GetDemand) over the same transport. */
export function createDiscoveryApiClient(transport: Transport): DiscoveryApiClient {
  return createClient(DiscoveryService, transport);
}
