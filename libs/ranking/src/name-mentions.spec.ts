import { describe, expect, it } from '@jest/globals';
import { findMentions, type QueryMentions } from './name-mentions.js';

describe('findMentions', () => {
  it.each<[string, QueryMentions]>([
    ['refundCreate', { lookup: true, mentions: [{ head: 'refundCreate' }] }],
    ['email', { lookup: true, mentions: [{ head: 'email' }] }],
    ['  `Order.email`  ', { lookup: true, mentions: [{ head: 'Order', member: 'email' }] }],
    ['field:Employee.details', { lookup: true, mentions: [{ kind: 'field', head: 'Employee', member: 'details' }] }],
    ['input_field:SearchInput.name', { lookup: true, mentions: [{ kind: 'input_field', head: 'SearchInput', member: 'name' }] }],
    ['Query.repository(owner:)', { lookup: true, mentions: [{ head: 'Query', member: 'repository', argument: 'owner' }] }],
    ['object:Query', { lookup: true, mentions: [{ kind: 'object', head: 'Query' }] }],
    ['how do I call refundCreate?', { lookup: false, mentions: [{ head: 'refundCreate' }] }],
    ['what does Mutation.closeIssue return', { lookup: false, mentions: [{ head: 'Mutation', member: 'closeIssue' }] }],
    ['orders with status PENDING_FULFILLMENT', { lookup: false, mentions: [{ head: 'PENDING_FULFILLMENT' }] }],
    // Plain words and plural acronyms inside a sentence are words, not names.
    ['show the history of a commit', { lookup: false, mentions: [] }],
    ['List their IDs and URLs', { lookup: false, mentions: [] }],
    ['two words', { lookup: false, mentions: [] }],
    ['fields of a pullrequest', { lookup: false, mentions: [], folded: ['pullrequest'] }],
    ['$50 off', { lookup: false, mentions: [] }],
  ])('%j', (query, expected) => {
    expect(findMentions(query)).toEqual(expected);
  });
});
