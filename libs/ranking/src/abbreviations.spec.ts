/**
 * Abbreviations read off a schema's type names (`org`, `repos`, `prs`), and
 * what they change in a search: unit cases on hand-made names, then the real
 * Saleor and Shopify Admin fixtures through the real extraction.
 */
import { describe, expect, it } from '@jest/globals';
import { Abbreviations } from './abbreviations.js';
import { fixtureSymbols } from './__fixtures__/make-symbol.js';
import { analyzeQuery } from './query-intent.js';
import { DEFAULT_RANKING_OPTIONS } from './ranking-options.js';
import { buildSearchIndex } from './search-index.js';
import { search } from './search.js';

const names = [
  'Organization',
  'OrganizationMember',
  'OrganizationInvitation',
  'OrganizationTeam',
  'Repository',
  'RepositoryOwner',
  'RepositoryTopic',
  'PullRequest',
  'PullRequestReview',
  'PullRequestCommit',
  'PullRequestEdge',
  'PullRequestTimelineItem',
  'PullRequestState',
  'PullRequestConnection',
  'PullRequestChangedFile',
  'PullRequestThread',
  'ProjectRole',
  'Environment',
  'EnvironmentProtection',
  'EnvironmentSecret',
  'Category',
  'CategoryTree',
  'CategoryPath',
  'Catalog',
  'CatalogItem',
  'CatalogEntry',
  'Shipment',
  'CreateIssuePayload',
  'CreateIssueInput',
  'CloseIssuePayload',
  'CloseIssueInput',
  'CreateIssueComment',
  'OrgAuditEntry',
  'OrgMemberAuditEntry',
];

describe('Abbreviations', () => {
  const abbreviations = new Abbreviations(names);

  it('reads a clipped word as the longer word of the type names it starts (`org`, `repos`, `env`)', () => {
    expect(abbreviations.expand('org')).toEqual(['organization']);
    expect(abbreviations.expand('orgs')).toEqual(['organization']);
    expect(abbreviations.expand('repo')).toEqual(['repository']);
    expect(abbreviations.expand('Repos')).toEqual(['repository']);
    expect(abbreviations.expand('env')).toEqual(['environment']);
  });

  it('reads two letters as the initials of a run of words that opens many type names (`prs`)', () => {
    expect(abbreviations.expand('pr')).toEqual(['pull', 'request']);
    expect(abbreviations.expand('prs')).toEqual(['pull', 'request']);
  });

  it('expands nothing that is ambiguous, too rare, plumbing, a word of its own or a stop word', () => {
    // `cat` starts Category and Catalog, three names each: neither dominates.
    expect(abbreviations.expand('cat')).toBeUndefined();
    // `ship` starts one name only.
    expect(abbreviations.expand('ship')).toBeUndefined();
    // `ci` would be Create/Close Issue only through mutation payloads and inputs.
    expect(abbreviations.expand('ci')).toBeUndefined();
    // Whole words and stop words stay what they are.
    expect(abbreviations.expand('organization')).toBeUndefined();
    expect(abbreviations.expand('the')).toBeUndefined();
    expect(abbreviations.expand('pull')).toBeUndefined();
    // A word that names a type by itself is that type's word: `shop` of `Shop` is not `Shopify`.
    expect(
      new Abbreviations(['Shop', 'ShopPolicy', 'ShopifyPayments', 'ShopifyPaymentsPayout', 'ShopifyPaymentsDispute', 'ShopifyQl']).expand('shop'),
    ).toBeUndefined();
    expect(new Abbreviations(['ShopPolicy', 'ShopifyPayments', 'ShopifyPaymentsPayout', 'ShopifyPaymentsDispute', 'ShopifyQl']).expand('shop')).toEqual([
      'shopify',
    ]);
    // A word the schema uses as often as its expansion is taken as that word.
    expect(new Abbreviations(['Org', 'OrgMember', 'OrgTeam', 'Organization', 'OrganizationMember', 'OrganizationTeam']).expand('org')).toBeUndefined();
    // A schema that never says the long word expands nothing to it.
    expect(new Abbreviations(['Order', 'OrderLine', 'Product']).expand('repo')).toBeUndefined();
  });

  it('gives a query the words its abbreviations stand for, at their lower weight, and matches names on them', () => {
    const intent = analyzeQuery('repos of an org', undefined, 1, { of: abbreviations, weight: 0.6 });
    expect(intent.terms).toEqual(['repo', 'org']);
    expect(intent.weighted).toEqual(
      expect.arrayContaining([
        { term: 'repositori', weight: 0.6 },
        { term: 'organ', weight: 0.6 },
      ]),
    );
    expect(intent.nameTerms).toEqual(['repo', 'org', 'repositori', 'organ']);
    expect(analyzeQuery('repos of an org', undefined, 1, { of: abbreviations, weight: 0 }).weighted.map((w) => w.term)).toEqual(['repo', 'org']);
    // Whole words only: `pr` inside `prNumber`, `env` inside `env-var` or "3env" stand for nothing.
    for (const query of ['prNumber of a repository', 'env-var names', '3env staging']) {
      expect(analyzeQuery(query, undefined, 1, { of: abbreviations, weight: 0.6 }).weighted.filter((w) => w.weight === 0.6)).toEqual([]);
    }
  });
});

describe('search with abbreviations, on real schemas', () => {
  it.each<[string, string, string, number]>([
    ['saleor', 'prod variants', 'field:Product.productVariants', 3],
    ['saleor', 'pay transactions of an order', 'field:Payment.transactions', 3],
    ['shopify-admin', 'cust orders', 'field:Customer.orders', 10],
    ['shopify-admin', 'inv levels per loc', 'field:Location.inventoryLevels', 3],
  ])('%s: "%s" finds %s in the top %i', (schema, query, expected, within) => {
    const index = buildSearchIndex(fixtureSymbols(schema));
    expect(search(index, { query, limit: within }).map((hit) => hit.symbol.coordinate)).toContain(expected);
    expect(search(index, { query, limit: within }, { ...DEFAULT_RANKING_OPTIONS, abbreviationWeight: 0 }).map((hit) => hit.symbol.coordinate)).not.toContain(
      expected,
    );
  });
});
