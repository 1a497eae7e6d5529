/** The client's `discovery-index` header, seen by a real HTTP server (docs/wire.md "Routing by index"). */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createDiscoveryTransport, createYokoClient } from './client/index.js';
import { indexIdForSdl } from './index-id.js';
import { INDEX_HEADER } from './index-routing.js';

const seen: { path: string; headers: IncomingHttpHeaders }[] = [];
const server = createServer((req, res) => {
  seen.push({ path: req.url ?? '', headers: req.headers });
  req.resume();
  req.on('end', () => {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: 'not_found', message: 'no such index' }));
  });
});
let baseUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the discovery client', () => {
  it('sends discovery-index on every call that names an index, in both codecs', async () => {
    const id = `sha256:${'ab'.repeat(32)}`;
    const sdl = 'type Query { a: String }';
    for (const codec of ['json', 'binary'] as const) {
      seen.length = 0;
      const client = createYokoClient(createDiscoveryTransport({ baseUrl, token: 't', codec }));
      await client.searchSchema({ indexId: id, query: 'a' }).catch(() => undefined);
      await client.getSymbols({ indexId: id, coordinates: ['object:Query'] }).catch(() => undefined);
      await client.ensureIndex({ sdl }).catch(() => undefined);
      await client.listIndexes({}).catch(() => undefined);
      await client.getIndex({ indexId: 'not an id' }).catch(() => undefined);
      expect(seen.map((s) => [s.path.split('/').pop(), s.headers[INDEX_HEADER]])).toEqual([
        ['SearchSchema', id],
        ['GetSymbols', id],
        ['EnsureIndex', indexIdForSdl(sdl)],
        ['ListIndexes', undefined],
        ['GetIndex', undefined],
      ]);
      expect(seen.every((s) => s.headers['authorization'] === 'Bearer t')).toBe(true);
    }
  });
});
