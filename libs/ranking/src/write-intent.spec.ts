import { describe, expect, it } from '@jest/globals';
import { requestClassMask, verbClassMask } from './verb-classes.js';
import { detectWriteIntent } from './write-intent.js';

/** A schema whose mutation names alone use `snooze` and `escalate`. */
const mutationOnly = (word: string): boolean => ['snooze', 'escalate'].includes(word);
/** The words of that schema's names (types, fields, arguments) that a read can reach. */
const schemaName = (word: string): boolean =>
  ['agent', 'user', 'expense', 'sale', 'artwork', 'budget', 'inactive', 'follow', 'vuejs', 'yearly', 'build', 'pay'].includes(word.replace(/s$/, ''));

describe('detectWriteIntent', () => {
  it.each<[string, boolean]>([
    // Requests: a verb opens the request or one of its clauses, after lead-ins.
    ['Close issue #118 in acme/api, it was fixed', true],
    ['Star the octocat/Hello-World repository', true],
    ['Please archive the old project', true],
    ['Can you cancel order 1050?', true],
    ['How do I merge a pull request?', true],
    ['Does cancelling an order restock it?', false],
    ['We received 25 hoodies, add them to the stock count', true],
    ['Give the customer their money back for order #1042', true],
    ['Get rid of the stale feature/login branch', true],
    ['pin issue', true],
    ['comment on issue', true],
    ['delete webhook', true],
    // The schema's own mutation vocabulary.
    ['Snooze this ticket until Monday', true],
    ['escalate the incident to on-call', true],
    // Reads: questions, listings, noun uses of verbs.
    ['Which pull requests were merged last week?', false],
    ['List all automatic discounts, showing their title, status, and start date.', false],
    ['open orders from last week', false],
    ['draft orders with a discount', false],
    ['email campaign converted customers orders', false],
    ['refund line items per order', false],
    ['merge commits on the main branch', false],
    ['Give me the ten newest orders', false],
    ['Which users follow the viewer, and does the viewer also follow each of them?', false],
    ['snoozed tickets', false],
    // Reads phrased as requests for output (NL2GQL prompts).
    ['Hand over the farm IDs and ranks in the competitions of all farms.', false],
    ['For farm id 2, get me the number of cows. Also attach the theme of the competition.', false],
    ['Find issue 5 and close it', true],
    ['Permanently remove the discontinued product', true],
    // A prefix written apart: `re-run` is `rerun`.
    ['Re-run the failed job', true],
    ['re-open issue 7', true],
    ['re-run workflow successes', false],
    // Any verb that takes an article, a possessive or an object pronoun opens a request.
    ['Kick off a build of the main branch', true],
    ['Promote the intern to maintainer', true],
    ['Leave a short review on the product', true],
    ['Bump my monthly plan to the next tier', true],
    // ... unless it asks for information, or is no verb.
    ['Disclose the theme and hosts for competition 2', false],
    ['Present the faculty first name and their student IDs', false],
    ['Pull the risk assessments for the first 10 orders', false],
    ['For the HEAD commit, list the workflow runs', false],
    ['Monthly sales by product', false],
    // A word the schema names nothing with, with an object, is a verb; a pronoun object in a later clause asks.
    ['Shut down agent ci-agent-22 for good', true],
    ['Turn down expense 4600, it is a duplicate', true],
    ['Promote users 401 and 402 to admins', true],
    ['Tom left the company, take him out of the organization', true],
    // ... not a keyword read that opens with a modifier.
    ['surrealism artworks for sale', false],
    ['inactive followed users 90 days', false],
    ['vuejs yearly budget', false],
    // An identifier with digits, an address, a link or a handle is an object like a number.
    ['Hold agent ci-agent-17 once its current job finishes', true],
    ['Email jane@example.com an invitation to activate her account', true],
    ["Mark @carol's reply as the accepted answer", true],
    // The one-word verbs of the verb classes open requests too; a schema noun with a number stays a read.
    ['new workspace Sales', true],
    ['Pay out expense 4521 now', true],
    ['build 990 blocked state', false],
    ['new customers this month', false],
  ])('%j -> write %s', (query, write) => {
    expect(detectWriteIntent(query, mutationOnly, schemaName).write).toBe(write);
  });

  it('expands the phrases of a request into schema words, including split verb-particle phrases', () => {
    expect(detectWriteIntent('Give the customer their money back').expansions).toContain('refund');
    expect(detectWriteIntent('Land pull request #77 into main').expansions).toContain('merge');
    expect(detectWriteIntent('Take the Winter Sale collection off the online store').expansions).toContain('unpublish');
  });

  it('expands nothing for a read', () => {
    expect(detectWriteIntent('Which orders were refunded and land in the warehouse?').expansions).toEqual([]);
  });
});

describe('analyzeQuery with the thesaurus', () => {
  it('adds the schema words of a request at thesaurusWeight, and none at 0', async () => {
    const { analyzeQuery } = await import('./query-intent.js');
    const on = analyzeQuery('Give the customer their money back', undefined, 1);
    expect(on.write).toBe(true);
    expect(on.weighted).toContainEqual({ term: 'refund', weight: 1 });
    expect(analyzeQuery('Give the customer their money back', undefined, 0).weighted.map((w) => w.term)).not.toContain('refund');
    expect(analyzeQuery('Which orders got their money back?', undefined, 1).weighted.map((w) => w.term)).not.toContain('refund');
  });
});

describe('applying something to an object attaches it', () => {
  it.each<[string, boolean]>([
    ['Use the voucher code SPRING10 on my cart', true],
    ['Apply the 10% coupon to order 1042', true],
    ['use cases of webhooks', false],
  ])('%j -> write %s', (query, write) => {
    const intent = detectWriteIntent(query);
    expect(intent.write).toBe(write);
    if (write) expect(requestClassMask(intent.verbs) & verbClassMask('attach')).not.toBe(0);
  });
});

describe('a statement that holds a mutation name', () => {
  /** A schema with `pin_to_top` and `orderOpen`: the first word must be one of the name's words. */
  const names = (first: string, words: readonly string[]): boolean =>
    (first === 'pin' && words.includes('top')) || (first === 'open' && words.some((w) => w.startsWith('order')));

  it.each<[string, boolean]>([
    ['pin update to top', true],
    ['pinned updates on top', false],
    ['open orders unpaid balance', false],
    ['Which updates are pinned to the top?', false],
  ])('%j -> write %s', (query, write) => {
    expect(detectWriteIntent(query, undefined, undefined, names).write).toBe(write);
    if (write) expect(detectWriteIntent(query).write).toBe(false);
  });
});

describe('giving to someone other than the asker changes data', () => {
  it.each<[string, boolean]>([
    ['Give the Platform team access to the acme/api pipeline', true],
    ['Give update 334455 a thumbs-up', true],
    ['Please give issue 12 the label bug', true],
    ['Give me the area and the hosts of the farm competition', false],
    ['Give us the ten newest orders', false],
    ['Give the customer their money back for order #1042', true],
    ['give the team access?', false],
    ['Give the names of all farms in the competition', false],
    ['Give a short summary of last week’s orders', false],
    ['Give all orders from last week', false],
  ])('%j -> write %s', (query, write) => {
    expect(detectWriteIntent(query).write).toBe(write);
  });

  it('reads a thumbs-up as a reaction or a like', () => {
    expect(detectWriteIntent('Give comment c-8812 a thumbs-up').expansions).toEqual(expect.arrayContaining(['reaction', 'emoji', 'like']));
  });
});
