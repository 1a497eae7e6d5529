/**
 * Routing by index, the indexer's side (docs/wire.md "Routing by index"): the answer to every call
 * that names an index carries `discovery-index` with that index's id, errors included, whether the
 * caller sent the header or not (a Cosmo router does not); a call that names none carries none.
 */
import { describe, expect, it } from '@jest/globals';
import { indexIdForSdl } from '@discovery/proto';
import { indexReady, TOKENS, uniqueSdl, useTestIndexer } from './indexer-harness.js';

const indexer = useTestIndexer();

/** A raw Connect JSON call as a router makes it: no discovery-index header. */
async function call(method: string, body: unknown): Promise<Response> {
  return fetch(`${indexer().baseUrl}/yoko.v1.YokoService/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKENS.acme}` },
    body: JSON.stringify(body),
  });
}

describe('the discovery-index response header', () => {
  it('names the index of each call, errors included, and is absent for calls that name none', async () => {
    const sdl = uniqueSdl('type Query { employee: String }');
    const id = indexIdForSdl(sdl);
    const ensured = await call('EnsureIndex', { sdl });
    expect([ensured.status, ensured.headers.get('discovery-index')]).toEqual([200, id]);
    await indexReady(indexer().client(TOKENS.acme), sdl);
    const search = await call('SearchSchema', { indexId: id, query: 'employee' });
    expect([search.status, search.headers.get('discovery-index')]).toEqual([200, id]);
    const unknown = `sha256:${'0'.repeat(64)}`;
    const missing = await call('GetIndex', { indexId: unknown });
    expect([missing.status, missing.headers.get('discovery-index')]).toEqual([404, unknown]);
    const malformed = await call('GetIndex', { indexId: 'sha256:XYZ' });
    expect([malformed.status, malformed.headers.get('discovery-index')]).toEqual([400, null]);
    const list = await call('ListIndexes', {});
    expect([list.status, list.headers.get('discovery-index')]).toEqual([200, null]);
  });
});
