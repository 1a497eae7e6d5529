import { describe, expect, it } from '@jest/globals';
import type { EmbeddingsConfig } from '@discovery/config';
import { MemoryEmbeddingCache } from '@discovery/storage';
import { StaticEmbeddingProvider } from './static/static.provider.js';
import { createTextEmbedder, embedderId } from './text-embedder.factory.js';
import { dot, quantizeInt8 } from './vector-math.js';

const config = (over: Partial<EmbeddingsConfig> = {}): EmbeddingsConfig => ({
  provider: 'static',
  modelPath: undefined,
  baseUrl: undefined,
  apiKey: undefined,
  model: undefined,
  dimensions: undefined,
  queryPrefix: '',
  documentPrefix: '',
  cacheMaxBytes: 1 << 20,
  ...over,
});

describe('createTextEmbedder', () => {
  it('puts the query prefix before queries and the document prefix before symbol texts, and names both in its id', async () => {
    const reference = new StaticEmbeddingProvider();
    await reference.init();
    const embedder = (await createTextEmbedder(config({ queryPrefix: 'query:', documentPrefix: 'passage:' }), new MemoryEmbeddingCache()))!;
    expect(embedder.id).toBe(embedderId(reference.id, { queryPrefix: 'query:', documentPrefix: 'passage:' }));
    expect(embedder.id).toMatch(/;q=[0-9a-f]{8};d=[0-9a-f]{8}$/);
    const [query] = await embedder.embedQuery('refund an order').then((v) => [v]);
    const [expectedQuery, unprefixed] = await reference.embed(['query: refund an order', 'refund an order']);
    expect(dot(query!, expectedQuery!)).toBeCloseTo(1, 6);
    expect(dot(query!, unprefixed!)).toBeLessThan(0.999);
    const [document] = await embedder.embed(['Mutation.refundCreate: Creates a refund.']);
    const [expectedDocument] = await reference.embed(['passage: Mutation.refundCreate: Creates a refund.']);
    expect(Array.from(document!)).toEqual(Array.from(quantizeInt8(expectedDocument!)));
    await embedder.close();
    await reference.close();
  });

  it('keeps the provider id when no prefix is set, and embeds nothing for `none`', async () => {
    const embedder = (await createTextEmbedder(config(), new MemoryEmbeddingCache()))!;
    expect(embedder.id).toMatch(/^use-lite-static@[0-9a-f]{12};sif=0\.001$/);
    await embedder.close();
    expect(await createTextEmbedder(config({ provider: 'none' }), new MemoryEmbeddingCache())).toBeUndefined();
  });
});
