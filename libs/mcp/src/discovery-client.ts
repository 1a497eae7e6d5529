/**
 * The Connect client of the discovery service (`yoko.v1.YokoService`), configured the way Cosmo's
 * router calls it: Connect protocol over HTTP/1.1 and `Authorization: Bearer <service token>`
 * on every call (no header when the service runs without auth).
 */
import { createClient, type Interceptor, type Transport } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { DiscoveryService, YokoService } from '@discovery/proto';
import type { DiscoveryApiClient, DiscoveryClient } from './tool-definition.js';

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
    interceptors: options.token ? [bearerTokenInterceptor(options.token)] : [],
  });
}

export function createDiscoveryClient(options: DiscoveryClientOptions): DiscoveryClient {
  return createClient(YokoService, createDiscoveryTransport(options));
}

/** The discovery.v1 client (GetSchemaSlice) of the same indexer, with the same transport options. */
export function createDiscoveryApiClient(options: DiscoveryClientOptions): DiscoveryApiClient {
  return createClient(DiscoveryService, createDiscoveryTransport(options));
}
