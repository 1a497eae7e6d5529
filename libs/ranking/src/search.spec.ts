import { describe, expect, it } from '@jest/globals';
import { makeField, makeSymbol, shopSymbols } from './__fixtures__/make-symbol.js';
import { RankingError } from './ranking.errors.js';
import { buildSearchIndex } from './search-index.js';
import { DEFAULT_LIMIT, MAX_LIMIT, type SearchRequest } from './search-request.js';
import { DEFAULT_RANKING_OPTIONS } from './ranking-options.js';
import { getSymbols, search } from './search.js';

const index = buildSearchIndex(shopSymbols());
const coordinates = (request: SearchRequest): string[] => search(index, request).map((h) => h.symbol.coordinate);

describe('search filters', () => {
  it.each<[string, SearchRequest, (c: string[]) => void]>([
    [
      'kinds keeps only those kinds',
      { query: 'order', kinds: ['object'] },
      (c) => {
        expect(c.length).toBeGreaterThan(0);
        expect(c.every((x) => x.startsWith('object:'))).toBe(true);
      },
    ],
    ['unknown kinds match nothing', { query: 'order', kinds: ['table'] }, (c) => expect(c).toEqual([])],
    [
      'parent keeps members of an object',
      { query: 'order', parent: 'object:Query' },
      (c) => {
        expect(c).toEqual(expect.arrayContaining(['field:Query.orders', 'field:Query.order']));
        expect(c.every((x) => x.startsWith('field:Query.'))).toBe(true);
      },
    ],
    ['parent keeps input fields of an input', { query: 'note', parent: 'input:OrderInput' }, (c) => expect(c).toEqual(['input_field:OrderInput.note'])],
    [
      'parent lists every member even without a word match',
      { query: 'anything', parent: 'object:Customer' },
      (c) => expect(c.sort()).toEqual(['field:Customer.email', 'field:Customer.orders']),
    ],
    [
      'paginated true keeps connection fields',
      { query: 'orders', paginated: true },
      (c) => expect(c.sort()).toEqual(['field:Customer.orders', 'field:Query.orders']),
    ],
    [
      'paginated false removes them',
      { query: 'orders', paginated: false },
      (c) => {
        expect(c).not.toContain('field:Query.orders');
        expect(c).toContain('field:Query.order');
      },
    ],
    [
      'roots by operation name, any case',
      { query: 'order', roots: ['MUTATION'] },
      (c) => {
        expect(c.length).toBeGreaterThan(0);
        expect(c).toContain('field:Mutation.orderCreate');
        expect(c).not.toContain('field:Query.order');
      },
    ],
    [
      'roots by root type name',
      { query: 'order', roots: ['Query'], kinds: ['field'] },
      (c) => {
        expect(c).toContain('field:Query.order');
        expect(c).not.toContain('field:Mutation.orderCreate');
      },
    ],
    ['unknown roots match nothing', { query: 'order', roots: ['Nope'] }, (c) => expect(c).toEqual([])],
  ])('%s', (_name, request, check) => {
    check(coordinates(request));
  });
});

describe('search limits and validation', () => {
  const many = buildSearchIndex(Array.from({ length: 150 }, (_, i) => makeField('Thing', `widget${i}`, 'String', { description: 'A widget.' })));

  it.each([
    [undefined, DEFAULT_LIMIT],
    [0, DEFAULT_LIMIT],
    [3, 3],
    [1000, MAX_LIMIT],
  ])('limit %s returns %s hits', (limit, expected) => {
    const request: SearchRequest = limit === undefined ? { query: 'widget' } : { query: 'widget', limit };
    expect(search(many, request)).toHaveLength(expected);
  });

  it.each<[string, SearchRequest]>([
    ['blank query', { query: '   ' }],
    ['negative limit', { query: 'order', limit: -1 }],
    ['fractional limit', { query: 'order', limit: 1.5 }],
    ['query vector of the wrong size', { query: 'order', queryVector: new Float32Array(3) }],
  ])('rejects a %s', (_name, request) => {
    const withVectors = buildSearchIndex(
      shopSymbols(),
      shopSymbols().map(() => new Int8Array(4)),
    );
    expect(() => search(withVectors, request, { ...DEFAULT_FOR_VECTORS })).toThrow(RankingError);
  });
});

const DEFAULT_FOR_VECTORS = {
  ...(await import('./ranking-options.js')).DEFAULT_RANKING_OPTIONS,
  vectorWeight: 0.5,
};

describe('search ranking', () => {
  it('returns scores in descending order, deterministically', () => {
    const first = search(index, { query: 'order total price customer', limit: 20 });
    const again = search(index, { query: 'order total price customer', limit: 20 });
    expect(first.map((h) => h.symbol.coordinate)).toEqual(again.map((h) => h.symbol.coordinate));
    for (let i = 1; i < first.length; i++) expect(first[i]!.score).toBeLessThanOrEqual(first[i - 1]!.score);
    expect(first.every((h) => h.score > 0)).toBe(true);
  });

  it('keeps mutation fields out of a read question', () => {
    const read = coordinates({ query: 'orders of a customer', kinds: ['field'], limit: 50 });
    const firstMutation = read.findIndex((c) => c.startsWith('field:Mutation.'));
    expect(read.slice(0, firstMutation).length).toBe(read.filter((c) => !c.startsWith('field:Mutation.')).length);
    expect(coordinates({ query: 'which orders exist', limit: 5 }).some((c) => c.includes('Mutation'))).toBe(false);
  });

  it('puts mutation fields first when the query asks to change data', () => {
    expect(coordinates({ query: 'create an order', kinds: ['field'] })[0]).toBe('field:Mutation.orderCreate');
  });

  it('ranks a deprecated field below its replacement', () => {
    const c = coordinates({ query: 'order total price', kinds: ['field'] });
    expect(c.indexOf('field:Order.totalPrice')).toBeLessThan(c.indexOf('field:Order.legacyTotal'));
  });

  it('ranks a reachable member above an unreachable one', () => {
    const c = coordinates({ query: 'order', kinds: ['field'], limit: 20 });
    expect(c.indexOf('field:Query.order')).toBeLessThan(c.indexOf('field:Orphan.order'));
  });

  it('prefers a name match over a description match', () => {
    const c = coordinates({ query: 'email', kinds: ['field'] });
    expect(c[0]).toBe('field:Customer.email');
  });

  it('adds the root field that opens the matched entity, even when the question does not name it', () => {
    const c = coordinates({ query: 'total price', limit: 5 });
    expect(c[0]).toBe('field:Order.totalPrice');
    expect(c).toContain('field:Query.order');
    expect(search(index, { query: 'total price', limit: 5 }, { ...DEFAULT_FOR_VECTORS, entryVoteWeight: 0 }).map((h) => h.symbol.coordinate)).not.toContain(
      'field:Query.order',
    );
  });

  it('finds identifying fields of the entity a question names', () => {
    expect(coordinates({ query: 'list orders', kinds: ['field'], limit: 5 })).toContain('field:Order.name');
  });
});

describe('member expansion', () => {
  const symbols = [
    makeSymbol({ kind: 'object', name: 'Query', depth: 0 }),
    makeSymbol({ kind: 'object', name: 'Invoice' }),
    makeSymbol({ kind: 'object', name: 'Party' }),
    makeField('Query', 'invoice', 'Invoice', { depth: 0 }),
    makeField('Invoice', 'payer', 'Party', { description: 'Who pays the invoice.' }),
    makeField('Invoice', 'amount', 'Float'),
    makeField('Party', 'name', 'String'),
    makeField('Party', 'vatNumber', 'String'),
  ];
  const small = buildSearchIndex(symbols);

  it("lends a field hit's score to the identifying fields of the type it returns", () => {
    const withExpansion = search(small, { query: 'invoice payer', kinds: ['field'] }).map((h) => h.symbol.coordinate);
    expect(withExpansion).toContain('field:Party.name');
    expect(withExpansion).not.toContain('field:Party.vatNumber');
    const without = search(small, { query: 'invoice payer', kinds: ['field'] }, { ...DEFAULT_FOR_VECTORS, expansionWeight: 0 });
    expect(without.map((h) => h.symbol.coordinate)).not.toContain('field:Party.name');
  });

  it('respects filters for expanded members', () => {
    expect(search(small, { query: 'invoice payer', kinds: ['object'] }).map((h) => h.symbol.kind)).not.toContain('field');
  });
});

describe('second-stage depth', () => {
  // 400 members of one type match a one-word read through their owner's name alone and tie on words;
  // the identifying `name` comes last in schema order, beyond the first 300.
  const symbols = [
    makeSymbol({ kind: 'object', name: 'Query', depth: 0 }),
    makeSymbol({ kind: 'object', name: 'Repository' }),
    ...Array.from({ length: 399 }, (_, i) => makeField('Repository', `setting${i}`, 'String')),
    makeField('Repository', 'name', 'String'),
  ];
  const tied = buildSearchIndex(symbols);
  const top = (options = DEFAULT_RANKING_OPTIONS): string[] => search(tied, { query: 'repository', limit: 20 }, options).map((h) => h.symbol.coordinate);

  it('reads every candidate tied with the last one it reaches, so schema order does not cut the tie', () => {
    expect(top()).toContain('field:Repository.name');
    expect(top({ ...DEFAULT_RANKING_OPTIONS, rerankTieDepth: DEFAULT_RANKING_OPTIONS.rerankDepth })).not.toContain('field:Repository.name');
  });
});

describe('vector fusion', () => {
  const symbols = [
    makeField('Shop', 'alpha', 'String', { description: 'banana' }),
    makeField('Shop', 'beta', 'String', { description: 'banana' }),
    makeField('Shop', 'gamma', 'String'),
  ];
  const vectors = [Int8Array.from([127, 0]), Int8Array.from([0, 127]), Int8Array.from([0, 127])];
  const withVectors = buildSearchIndex(symbols, vectors);
  const query = Float32Array.from([0, 1]);

  it('breaks a word tie by meaning, comparing the query vector with the word candidates only', () => {
    const c = search(withVectors, { query: 'banana', queryVector: query }, DEFAULT_FOR_VECTORS).map((h) => h.symbol.name);
    expect(c).toEqual(['Shop.beta', 'Shop.alpha']);
  });

  it('adds meaning-only hits below word hits when every symbol is scanned (the previous release)', () => {
    const c = search(withVectors, { query: 'banana', queryVector: query }, { ...DEFAULT_FOR_VECTORS, vectorScanAll: true }).map((h) => h.symbol.name);
    expect(c).toEqual(['Shop.beta', 'Shop.alpha', 'Shop.gamma']);
  });

  it('lets a request to change data reach a mutation by meaning alone, and a question not', () => {
    const mutation = (name: string, description: string): ReturnType<typeof makeField> =>
      makeField('Mutation', name, 'Boolean', { description, depth: 0, roots: ['mutation'] });
    const schema = [
      makeSymbol({ kind: 'object', name: 'Query', depth: 0 }),
      makeSymbol({ kind: 'object', name: 'Mutation', depth: 0, roots: ['mutation'] }),
      makeField('Query', 'pipelines', 'String', { depth: 0 }),
      mutation('pipelineRetry', 'Retries a pipeline.'),
      mutation('pipelineDelete', 'Deletes a pipeline.'),
    ];
    const meaning = [Int8Array.from([127, 0]), Int8Array.from([127, 0]), Int8Array.from([127, 0]), Int8Array.from([0, 127]), Int8Array.from([127, 0])];
    const indexed = buildSearchIndex(schema, meaning);
    const rerun = Float32Array.from([0, 1]);
    const write = search(indexed, { query: 'Resume the failed job', queryVector: rerun }, DEFAULT_FOR_VECTORS).map((h) => h.symbol.name);
    expect(write[0]).toBe('Mutation.pipelineRetry');
    expect(write).not.toContain('Mutation.pipelineDelete');
    const read = search(indexed, { query: 'which jobs failed?', queryVector: rerun }, DEFAULT_FOR_VECTORS).map((h) => h.symbol.name);
    expect(read).not.toContain('Mutation.pipelineRetry');
  });

  it('keeps the mutation closest in meaning among the first 10 hits of a request, and a question not', () => {
    const mutation = (name: string, description: string): ReturnType<typeof makeField> =>
      makeField('Mutation', name, 'Boolean', { description, depth: 0, roots: ['mutation'] });
    const words = ['add', 'set', 'move', 'split', 'merge', 'copy', 'tag', 'pin', 'lock', 'mark', 'rate', 'sort'];
    const schema = [
      makeSymbol({ kind: 'object', name: 'Query', depth: 0 }),
      makeSymbol({ kind: 'object', name: 'Mutation', depth: 0, roots: ['mutation'] }),
      makeField('Query', 'basket', 'String', { depth: 0 }),
      ...words.map((w) => mutation(`${w}BasketLine`, `Changes a line of the basket (${w}).`)),
      mutation('emptyCart', 'Empties the cart.'),
    ];
    const away = Int8Array.from([127, 0]);
    const meaning = [away, away, away, ...words.map(() => away), Int8Array.from([0, 127])];
    const indexed = buildSearchIndex(schema, meaning);
    const clear = Float32Array.from([0, 1]);
    const request = { query: 'Clear out every basket line', queryVector: clear, limit: 20 };
    const without = search(indexed, request, { ...DEFAULT_FOR_VECTORS, writeMeaningSlot: 0 }).map((h) => h.symbol.name);
    expect(without.slice(0, 10)).not.toContain('Mutation.emptyCart');
    const hits = search(indexed, request, DEFAULT_FOR_VECTORS);
    expect(hits.findIndex((h) => h.symbol.name === 'Mutation.emptyCart')).toBe(9);
    expect(hits).toHaveLength(without.length);
    for (let i = 1; i < hits.length; i++) expect(hits[i]!.score).toBeLessThanOrEqual(hits[i - 1]!.score);
    const five = search(indexed, { ...request, limit: 5 }, DEFAULT_FOR_VECTORS).map((h) => h.symbol.name);
    expect(five).toHaveLength(5);
    expect(five[4]).toBe('Mutation.emptyCart');
    const read = search(indexed, { query: 'which basket lines are there?', queryVector: clear, limit: 20 }, DEFAULT_FOR_VECTORS).map((h) => h.symbol.name);
    expect(read.slice(0, 10)).not.toContain('Mutation.emptyCart');
    const wordsOnly = search(indexed, request, { ...DEFAULT_FOR_VECTORS, vectorWeight: 0 }).map((h) => h.symbol.name);
    expect(wordsOnly).not.toContain('Mutation.emptyCart');
  });

  it('ignores vectors when the weight is 0', () => {
    const c = search(withVectors, { query: 'banana', queryVector: query }, { ...DEFAULT_FOR_VECTORS, vectorWeight: 0 });
    expect(c.map((h) => h.symbol.name)).toEqual(['Shop.alpha', 'Shop.beta']);
  });

  it('rejects vectors not aligned with the symbols', () => {
    expect(() => buildSearchIndex(symbols, vectors.slice(1))).toThrow(/aligned/);
  });
});

describe('getSymbols', () => {
  it('keeps request order and omits unknown coordinates', () => {
    expect(getSymbols(index, ['field:Order.name', 'object:Nope', 'object:Query']).map((s) => s.coordinate)).toEqual(['field:Order.name', 'object:Query']);
  });

  it('rejects duplicate coordinates at build time', () => {
    expect(() => buildSearchIndex([makeSymbol({ kind: 'object', name: 'A' }), makeSymbol({ kind: 'object', name: 'A' })])).toThrow(RankingError);
  });
});

describe('searches share per-thread scratch memory', () => {
  const request: SearchRequest = { query: 'customer orders email', limit: 10 };

  it('gives the same answer before and after searches of other indexes and a failed search', () => {
    const before = search(index, request).map((h) => [h.symbol.coordinate, h.score]);
    // A bigger index grows the scratch arrays; a search that throws midway leaves them dirty.
    const bigger = buildSearchIndex([...shopSymbols(), ...Array.from({ length: 300 }, (_, k) => makeField('Extra', `orderNote${k}`, 'String'))]);
    expect(search(bigger, { query: 'order note', limit: 50 }).length).toBe(50);
    const withVectors = buildSearchIndex(
      shopSymbols(),
      shopSymbols().map(() => Int8Array.from([127, 0])),
    );
    expect(() => search(withVectors, { query: 'order', queryVector: new Float32Array(3) }, { ...DEFAULT_FOR_VECTORS, vectorWeight: 0.5 })).toThrow(
      RankingError,
    );
    expect(search(index, request).map((h) => [h.symbol.coordinate, h.score])).toEqual(before);
  });

  it('answers interleaved searches of two indexes as each alone', () => {
    const other = buildSearchIndex(shopSymbols().slice(3));
    const alone = search(other, request).map((h) => h.symbol.coordinate);
    for (let k = 0; k < 3; k++) {
      expect(search(index, request).length).toBeGreaterThan(0);
      expect(search(other, request).map((h) => h.symbol.coordinate)).toEqual(alone);
    }
  });
});
