/**
 * The composer's rules of issue 22 item 3 (docs/composer.md "Mutations", "Values", "Unsatisfied"),
 * over real fixture schemas with the in-process search. Each test failed on the composer before
 * these rules (main at 4304277).
 */
import { describe, expect, it } from '@jest/globals';
import { Kind, buildSchema, parse, visit } from 'graphql';
import { finalizeOperation } from '../finalize-operation.js';
import { ArgumentBinder } from './argument-binding.js';
import { draftMutation } from './draft-builder.js';
import { GITHUB, SHOPIFY_ADMIN, COSMO_DEMO, LexicalSchemaIndex, fixtureIndex } from '../testing/index.js';
import { QueryComposer } from './query-composer.js';
import type { GenerationIndex } from '../generation-index.js';
import { callerFields, planOperation } from './operation-planner.js';
import { extractLiterals, type PromptLiteral } from './prompt-literals.js';
import { countedStems, stem } from './prompt-words.js';
import { identifyingFields, interestOf } from './target-choice.js';

const writer = new QueryComposer({ allowMutations: true });
const reader = new QueryComposer({ allowMutations: false });

async function resolve(composer: QueryComposer, path: string, prompt: string) {
  const result = await composer.compose(fixtureIndex(path), prompt);
  if (result.status !== 'resolved') throw new Error(`expected a resolution, got ${result.status}`);
  return result.resolution;
}

/** The first operation `composer` gives for `prompt` on `index`, or undefined when it composed none. */
async function firstDocument(composer: QueryComposer, index: GenerationIndex, prompt: string): Promise<string | undefined> {
  const result = await composer.compose(index, prompt);
  return result.status === 'resolved' ? result.resolution.queries[0]?.document : undefined;
}

/** The mutation field a document calls, if it is a mutation. */
function mutationOf(document: string | undefined): string | undefined {
  if (document === undefined) return undefined;
  const operation = parse(document).definitions[0];
  if (operation?.kind !== Kind.OPERATION_DEFINITION || operation.operation !== 'mutation') return undefined;
  const first = operation.selectionSet.selections[0];
  return first?.kind === Kind.FIELD ? first.name.value : undefined;
}

describe('composed mutations are the ones the request asks for', () => {
  it.each([
    [SHOPIFY_ADMIN, 'refund order 1042', 'refundCreate'],
    [GITHUB, 'add the label bug to issue 12', 'addLabelsToLabelable'],
    [SHOPIFY_ADMIN, 'add the tag vip to customer 77', 'tagsAdd'],
  ])('%#: "%s" composes %s or nothing', async (path, prompt, right) => {
    const resolution = await resolve(writer, path, prompt);
    const composed = mutationOf(resolution.queries[0]?.document);
    if (composed === undefined) expect(resolution.unsatisfied[0]).toMatch(/^The request matches no mutation with confidence; closest: /);
    else expect(composed).toBe(right);
  });

  it('never composes a destructive mutation the request does not ask for', async () => {
    for (const prompt of ['publish the product 55', 'put the product 55 in the collection 7', 'annotate order 1042 with a note']) {
      const resolution = await resolve(writer, SHOPIFY_ADMIN, prompt);
      const composed = mutationOf(resolution.queries[0]?.document) ?? '';
      expect(composed).not.toMatch(/Delete|Remove|Cancel|Revoke|Archive|Unpublish|Destroy/i);
    }
  });

  it('composes a destructive mutation when the request asks for it', async () => {
    const resolution = await resolve(writer, SHOPIFY_ADMIN, 'delete the product gid://shopify/Product/55');
    expect(mutationOf(resolution.queries[0]?.document)).toBe('productDelete');
  });

  it('says which mutations came closest when none is covered, with no operation', async () => {
    const resolution = await resolve(writer, SHOPIFY_ADMIN, 'make the storefront feel more autumnal');
    expect(resolution.queries).toEqual([]);
    expect(resolution.unsatisfied).toHaveLength(1);
    expect(resolution.unsatisfied[0]).toMatch(/^The request matches no mutation with confidence(; closest: \w+(, \w+)*)?\.$/);
  });

  it('composes the mutation whose exact name is the request, not a query', async () => {
    const resolution = await resolve(writer, SHOPIFY_ADMIN, 'productCreate');
    expect(mutationOf(resolution.queries[0]?.document)).toBe('productCreate');
    const refused = await resolve(reader, SHOPIFY_ADMIN, 'productCreate');
    expect(refused.queries).toEqual([]);
    expect(refused.unsatisfied[0]).toMatch(/^Changing data is not allowed/);
  });
});

describe('values of the request', () => {
  it('binds a value inside a required input object by the words before it', () => {
    const schema = fixtureIndex(SHOPIFY_ADMIN).schema;
    const binder = new ArgumentBinder(schema, extractLiterals('refund order 1042'), new Set(['refund', 'order']));
    const plan = draftMutation(schema, 'refundCreate', binder);
    expect(plan?.document).toContain('refundCreate(input: {orderId: "1042"})');
    expect(binder.leftover).toEqual([]);
  });

  it('reports a value no argument takes instead of dropping it', async () => {
    const resolution = await resolve(reader, COSMO_DEMO, 'the current mood of employee 3 in 2024');
    const said = `${resolution.queries[0]?.document ?? ''}\n${resolution.unsatisfied.join('\n')}`;
    expect(said).toContain('2024');
    expect(said).toContain('3');
  });
});

describe('list requests', () => {
  it('selects the list with the count and the order as variables, not a lookup of one', async () => {
    const resolution = await resolve(reader, GITHUB, 'the 10 most recent open issues of facebook/react');
    const document = resolution.queries[0]?.document ?? '';
    expect(document).toMatch(/issues\((?=[^)]*orderBy: \$orderBy)(?=[^)]*first: \$first)[^)]*\)/);
    expect(document).not.toMatch(/issue\(number:/);
    expect(document).toMatch(/"[^"]*Example: 10\."\s*\$first: Int/);
    expect(document).toMatch(/Example: \{ field: CREATED_AT, direction: DESC \}\."\s*\$orderBy: IssueOrder/);
  });

  it('adds no required variable for a field the request did not give arguments for', async () => {
    const resolution = await resolve(reader, GITHUB, 'the number of stars and forks of facebook/react');
    const required = (resolution.queries[0]?.variablesSchema['required'] as string[] | undefined) ?? [];
    expect([...required].sort()).toEqual(['name', 'owner']);
  });
});

describe('unsatisfied words name attributes', () => {
  it('does not report comparisons, quantities or function words as missing fields', async () => {
    const resolution = await resolve(reader, GITHUB, 'the repositories of torvalds with fewer than 3 forks');
    expect(resolution.unsatisfied.filter((reason) => reason.startsWith('The schema has no field'))).toEqual([]);
  });

  it('does not report a field name typed in camelCase (totalCount) as missing', async () => {
    const resolution = await resolve(reader, GITHUB, 'the stargazers totalCount, and the forkCount, of facebook/react');
    expect(resolution.unsatisfied.join(' ')).not.toMatch(/no field for "(totalcount|forkcount)"/i);
  });
});

describe('variable descriptions', () => {
  it('never carries the text graphql-js gives a built-in scalar', () => {
    const schema = buildSchema('type Query { employee(id: Int!, tag: Code): Employee }\n"A short code."\nscalar Code\ntype Employee { id: ID! name: String }');
    const finished = finalizeOperation(schema, { document: '{ employee(id: 3, tag: "x") { name } }', description: 'The employee.' }, new Set());
    if (!finished.ok) throw new Error(finished.errors.join('; '));
    expect(finished.query.document).not.toMatch(/scalar type represents/);
    expect(finished.query.document).toContain('"Value of Query.employee(id:). Example: 3."');
    expect(finished.query.document).toContain('"A short code. Example: \\"x\\"."');
  });
});

describe('planning cost', () => {
  it('reads each literal a bounded number of times, whatever the schema size (issue 23, finding 3)', () => {
    const index = fixtureIndex(GITHUB);
    const prompt = Array.from({ length: 300 }, (_, i) => `issue ${i + 1}`).join(' and ');
    let reads = 0;
    const literals = extractLiterals(prompt).map(
      (literal) =>
        new Proxy(literal, {
          get(target, key: keyof PromptLiteral) {
            reads += 1;
            return target[key];
          },
        }),
    );
    const stems = new Set(['issue']);
    planOperation(index.schema, {
      operation: 'query',
      interest: interestOf(index.schema, [], stems),
      stems,
      words: new Set(['issue']),
      literals,
      mine: false,
      sliceFields: new Set(),
    });
    expect(literals.length).toBe(300);
    expect(reads).toBeLessThan(20 * literals.length);
  });
});

describe('plain-English paraphrases of mutation verbs (issue 22, right or says so)', () => {
  const ci = new LexicalSchemaIndex(`
    type Query { build(id: ID!): Build agent(id: ID!): Agent }
    type Build { id: ID! state: String }
    type Agent { id: ID! name: String }
    type Mutation {
      "Cancel a build."
      buildCancel(id: ID!): Build
      "Rebuild a build."
      buildRebuild(id: ID!): Build
      "Stop an agent."
      agentStop(id: ID!): Agent
      "Pause an agent."
      agentPause(id: ID!): Agent
    }`);

  it.each([
    [GITHUB, 'rename repository', 'updateRepository'],
    [SHOPIFY_ADMIN, 'Combine the two duplicate customer profiles for jane@example.com into one', 'customerMerge'],
  ])('%#: "%s" composes %s', async (path, prompt, right) => {
    const resolution = await resolve(writer, path, prompt);
    expect(mutationOf(resolution.queries[0]?.document)).toBe(right);
  });

  it.each([
    ['Stop build 5120, somebody started it by mistake', 'buildCancel'],
    ['Re-run build 4821', 'buildRebuild'],
    ['Hold agent ci-agent-17 so I can debug it', 'agentPause'],
  ])('"%s" composes %s', async (prompt, right) => {
    const document = await firstDocument(writer, ci, prompt);
    expect(mutationOf(document)).toBe(right);
  });
});

describe('what the request implies for the object of a mutation', () => {
  const club = new LexicalSchemaIndex(`
    type Query { account(slug: String!): Account }
    interface Account { id: ID! slug: String! }
    type Collective implements Account { id: ID! slug: String! }
    type Individual implements Account { id: ID! slug: String! }
    type Member { id: ID! email: String! }
    type Mutation {
      "Follow an account."
      followAccount(slug: String!): Account
      "Invite a new member."
      inviteMember(email: String!): Member
      "Create a collective."
      createCollective(slug: String!): Collective
    }`);

  it.each([
    ['Follow the rails collective so its news shows up in my feed', 'followAccount'],
    ['Invite jo@example.org to join the babel collective', 'inviteMember'],
  ])('"%s" composes %s', async (prompt, right) => {
    const document = await firstDocument(writer, club, prompt);
    expect(mutationOf(document)).toBe(right);
  });

  it('a person given by @handle is who a review is requested from', async () => {
    const resolution = await resolve(writer, GITHUB, 'Ask @alice and the platform team to look over my pull request before it goes in');
    expect(mutationOf(resolution.queries[0]?.document)).toBe('requestReviews');
  });
});

describe('a request that opens with the verb of a mutation', () => {
  const board = new LexicalSchemaIndex(`
    type Query { updates(limit: Int): [Update] mergeRequests(project: String!): [MergeRequest] }
    type Update { id: ID! body: String }
    type MergeRequest { id: ID! title: String }
    type Mutation {
      "Pin an update to the top of its item."
      pin_to_top(id: ID!): Update
      "Merge a merge request."
      mergeRequestMerge(id: ID!): MergeRequest
    }`);

  it('composes the mutation although the search reads the words as a question', async () => {
    const document = await firstDocument(writer, board, 'pin update to top');
    expect(mutationOf(document)).toBe('pin_to_top');
  });

  it('keeps a read whose first word names a query field ("merge requests of ...")', async () => {
    const document = await firstDocument(writer, board, 'merge requests of project web');
    expect(document).toMatch(/^query|\n\s*query/);
  });
});

describe('phrasal verbs', () => {
  const shop = new LexicalSchemaIndex(`
    type Query { cart(id: ID!): Cart channel(slug: String!): Channel }
    type Cart { id: ID! total: Int }
    type Channel { id: ID! slug: String! }
    type Workspace { id: ID! name: String }
    type Mutation {
      "Remove an item from the cart."
      removeCartItem(itemId: ID!): Cart
      "Deactivate a channel."
      channelDeactivate(slug: String!): Channel
      "Delete a channel."
      channelDelete(slug: String!): Channel
      "Create a workspace."
      create_workspace(name: String!): Workspace
    }`);

  it.each([
    ['Take the blue mug (cart line item-78) out of my cart', 'removeCartItem'],
    ['Turn off the German channel', 'channelDeactivate'],
    ['new workspace Sales', 'create_workspace'],
  ])('"%s" composes %s', async (prompt, right) => {
    const document = await firstDocument(writer, shop, prompt);
    expect(mutationOf(document)).toBe(right);
  });

  it('"give ... back" refunds', async () => {
    const resolution = await resolve(writer, SHOPIFY_ADMIN, 'Give the customer their money back for order #1042');
    expect(mutationOf(resolution.queries[0]?.document)).toBe('refundCreate');
  });

  it('"take ... off the store" unpublishes', async () => {
    const resolution = await resolve(writer, SHOPIFY_ADMIN, 'Take the Winter Sale collection off the online store');
    expect(mutationOf(resolution.queries[0]?.document)).toMatch(/^(publishableUnpublish|collectionUnpublish)$/);
  });

  it('"take ... off" the store is not a removal', async () => {
    const document = await firstDocument(writer, shop, 'Take the German channel off the store');
    expect(mutationOf(document) ?? '').not.toMatch(/Delete|remove/);
  });
});

describe('what qualifies the object does not name it', () => {
  const boards = new LexicalSchemaIndex(`
    type Query { board(id: ID!): Board }
    type Board { id: ID! items: [Item] }
    type Item { id: ID! name: String }
    type Mutation {
      "Duplicate an item, with its updates."
      duplicate_item(item_id: ID!, with_updates: Boolean): Item
      "Duplicate a board with its items."
      duplicate_board(board_id: ID!, keep_subscribers: Boolean): Board
    }`);

  it('"a copy of board 300400 with all its items" duplicates the board', async () => {
    const document = await firstDocument(writer, boards, 'Make a copy of board 300400 with all its items and item updates');
    expect(mutationOf(document)).toBe('duplicate_board');
  });
});

describe('verbs that make a message', () => {
  const items = new LexicalSchemaIndex(`
    type Query { item(id: ID!): Item }
    type Item { id: ID! name: String }
    type Notification { id: ID! text: String }
    type Mutation {
      "Create a new notification."
      create_notification(user_id: ID!, target_id: ID!, text: String!): Notification
      "Create a new item."
      create_item(board_id: ID!, item_name: String!): Item
    }`);

  it('"send user 9911 a notification" creates the notification', async () => {
    const document = await firstDocument(writer, items, 'Send user 9911 a bell notification on item 445566: please review the contract');
    expect(mutationOf(document)).toBe('create_notification');
  });

  it('"leave a note on item" does not create an item', async () => {
    const document = await firstDocument(writer, items, 'Leave a note on item 1122334455 saying the client signed off');
    expect(mutationOf(document)).not.toBe('create_item');
  });
});

describe('what an add makes is named before the container', () => {
  const catalog = new LexicalSchemaIndex(`
    type Query { assortment(id: ID!): Assortment }
    type Assortment { id: ID! title: String }
    type Group { id: ID! name: String }
    type Mutation {
      "Add a product to an assortment."
      addAssortmentProduct(assortmentId: ID!, productId: ID!): Assortment
      "Create a new assortment."
      createAssortment(title: String!): Assortment
      "Create a new group."
      createGroup(name: String!): Group
    }`);

  it('names the container after "into" ("put product 4411 into assortment as-55" -> addAssortmentProduct)', async () => {
    const document = await firstDocument(writer, catalog, 'Put product prod-4411 into the Summer Sale category (assortment as-55)');
    expect(mutationOf(document)).toBe('addAssortmentProduct');
  });

  it('does not create the container ("add Alice to the group" is not createGroup)', async () => {
    const document = await firstDocument(writer, catalog, 'Add Alice to the group');
    expect(mutationOf(document)).toBeUndefined();
  });
});

describe('the type whose fields the request names', () => {
  it('reads the record that has the asked fields, not the type whose name the words also spell', async () => {
    const resolution = await resolve(reader, 'bench/data/generate/schemas/farm.refined.graphql', 'Get me the farm id and rank for competition id 1.');
    const document = resolution.queries[0]?.document ?? '';
    expect(document).toMatch(/\{\s*competition_record\(competition_id: \$competition_id\)/);
  });
});

describe('identifying fields', () => {
  it('an object with an id is also selected with the name a person reads it by', async () => {
    const resolution = await resolve(reader, GITHUB, 'Which open pull requests in the octocat/example repository are marked as drafts?');
    const document = parse(resolution.queries[0]?.document ?? '{ x }');
    const nodes: string[][] = [];
    visit(document, {
      Field(node) {
        if (node.name.value !== 'pullRequests') return;
        const inner = node.selectionSet?.selections.find((s) => s.kind === Kind.FIELD && s.name.value === 'nodes');
        if (inner?.kind === Kind.FIELD) nodes.push((inner.selectionSet?.selections ?? []).flatMap((s) => (s.kind === Kind.FIELD ? [s.name.value] : [])));
      },
    });
    expect(nodes[0]).toEqual(expect.arrayContaining(['id', 'title']));
  });
});

describe('a verb of the request no family knows', () => {
  it('composes the best mutation when the request covers every word of its object', async () => {
    const resolution = await resolve(writer, GITHUB, 'Nest issue #20 under issue #3 as one of its sub-tasks');
    expect(mutationOf(resolution.queries[0]?.document)).toBe('addSubIssue');
  });

  it('never composes a destructive one that way', async () => {
    const boards = new LexicalSchemaIndex(`
      type Query { board(id: ID!): Board }
      type Board { id: ID! name: String }
      type Mutation {
        "Delete a board item."
        deleteBoardItem(id: ID!): Board
      }`);
    const result = await writer.compose(boards, 'Shelve the board item 220011');
    expect(result.status === 'resolved' ? result.resolution.queries : []).toEqual([]);
  });
});

describe('a user is read by its login', () => {
  it('selects the login of the watchers, not only their id', async () => {
    const resolution = await resolve(reader, GITHUB, 'Who are the watchers of the octocat/example repository?');
    const document = parse(resolution.queries[0]?.document ?? '{ x }');
    const selected: string[] = [];
    visit(document, {
      Field(node) {
        if (node.name.value !== 'watchers') return;
        const inner = node.selectionSet?.selections.find((s) => s.kind === Kind.FIELD && s.name.value === 'nodes');
        if (inner?.kind === Kind.FIELD) for (const s of inner.selectionSet?.selections ?? []) if (s.kind === Kind.FIELD) selected.push(s.name.value);
      },
    });
    expect(selected).toEqual(expect.arrayContaining(['id', 'login']));
  });
});

describe('a capitalized value inside the sentence', () => {
  it.each(['Give me the sex of the students who has allergy with Cat.', 'Share the sex of students who are allergic to Cat.'])(
    '"%s" binds or reports Cat',
    async (prompt) => {
      const resolution = await resolve(reader, 'bench/data/generate/schemas/allergy_1.refined.graphql', prompt);
      const said = `${resolution.queries[0]?.document ?? ''}\n${resolution.unsatisfied.join('\n')}`;
      expect(said).toContain('Cat');
    },
  );

  it('is not taken from the start of a sentence', () => {
    expect(extractLiterals('Show the orders. Which customers paid?').map((literal) => literal.text)).toEqual([]);
  });
});

describe('an item with a number and a title', () => {
  it('is selected with both, as people refer to issues and pull requests', async () => {
    const tracker = new LexicalSchemaIndex(`
      type Query { issues(first: Int): [Issue!]! }
      type Issue { id: ID! number: Int! title: String! body: String closed: Boolean! }
      type Label { id: ID! name: String! }`);
    const result = await reader.compose(tracker, 'closed issues');
    const document = result.status === 'resolved' ? (result.resolution.queries[0]?.document ?? '') : '';
    const selected: string[] = [];
    visit(parse(document || '{ x }'), {
      Field(node) {
        if (node.name.value === 'issues') for (const s of node.selectionSet?.selections ?? []) if (s.kind === Kind.FIELD) selected.push(s.name.value);
      },
    });
    expect(selected).toEqual(expect.arrayContaining(['id', 'title', 'number']));
  });
});

describe('words that set the scene', () => {
  it('"in the shop" does not enter through QueryRoot.shop', async () => {
    const resolution = await resolve(reader, SHOPIFY_ADMIN, 'What is the total inventory for each of the first 5 products in the shop?');
    const operation = parse(resolution.queries[0]?.document ?? '{ x }').definitions[0];
    const first = operation?.kind === Kind.OPERATION_DEFINITION ? operation.selectionSet.selections[0] : undefined;
    expect(first?.kind === Kind.FIELD ? first.name.value : undefined).toBe('products');
  });
});

/** The names selected directly inside every `field` of `document`. */
function selectedUnder(document: string, field: string): string[] {
  const selected: string[] = [];
  visit(parse(document || '{ x }'), {
    Field(node) {
      if (node.name.value === field) for (const s of node.selectionSet?.selections ?? []) if (s.kind === Kind.FIELD) selected.push(s.name.value);
    },
  });
  return selected;
}

describe('a count the request asks for', () => {
  const labels = new LexicalSchemaIndex(`
    type Query { repository(owner: String!, name: String!): Repository }
    type Repository { id: ID! name: String! labels(first: Int): LabelConnection }
    type LabelConnection { nodes: [Label!]! totalCount: Int! }
    type Label { id: ID! name: String! color: String! issues(first: Int): IssueConnection pullRequests(first: Int): PullRequestConnection }
    type IssueConnection { nodes: [Issue!]! totalCount: Int! }
    type PullRequestConnection { nodes: [PullRequest!]! totalCount: Int! }
    type Issue { id: ID! number: Int! title: String! }
    type PullRequest { id: ID! number: Int! title: String! }`);

  it('reads the counted connections by their totalCount, not their items', async () => {
    const document = await firstDocument(
      reader,
      labels,
      'What labels does the octocat/example repository have, and how many issues and pull requests use each one?',
    );
    expect(selectedUnder(document ?? '', 'issues')).toEqual(['totalCount']);
    expect(selectedUnder(document ?? '', 'pullRequests')).toEqual(['totalCount']);
  });

  it('finds the counted words after "how many", "number of" and before "count"', () => {
    expect([...countedStems('how many issues and pull requests use each one')]).toEqual(['issu', 'pull', 'request']);
    expect([...countedStems('the number of open tickets')]).toEqual(['open', 'ticket'].map(stem));
    expect([...countedStems("each PR's title and total review count")]).toEqual([stem('review')]);
    expect([...countedStems('list the labels')]).toEqual([]);
  });
});

describe('types next to the path', () => {
  const shop = new LexicalSchemaIndex(`
    type Query { orders(first: Int): [Order!]! }
    type Order { id: ID! name: String! total: Int! customer: Customer }
    type Customer { id: ID! displayName: String! note: String tags: [String!]! }`);
  const plan = (weight: number): string[] => {
    const stems = new Set(['order', 'total']);
    const interest = interestOf(shop.schema, [], stems);
    interest.types.set('Order', 3);
    interest.fields.set('Order', new Map([['total', 1]]));
    interest.fields.set('Customer', new Map([['note', weight]]));
    const planned = planOperation(shop.schema, {
      operation: 'query',
      interest,
      stems,
      words: new Set(['orders', 'total']),
      literals: [],
      mine: false,
      sliceFields: new Set(),
    });
    const order = planned?.root.selections[0];
    return order?.kind === 'field' ? order.selections.map((s) => (s.kind === 'field' ? s.name : s.typeName)) : [];
  };

  it('add no branch for a field only weakly found by search (0.4 of the best hit)', () => {
    expect(plan(0.4)).not.toContain('customer');
  });

  it('add one for a field found as strongly as a target field must be', () => {
    expect(plan(0.5)).toContain('customer');
  });
});

describe('a value named by the field, not by the argument', () => {
  const boards = new LexicalSchemaIndex(`
    type Query {
      "Boards a workspace could use"
      board_candidates(workspaceId: String!, usageType: BoardUsage!): [Board!]
      boards(ids: [ID!], limit: Int): [Board!]
    }
    enum BoardUsage { TASKS CRM }
    type Board { id: ID! name: String! groups: [Group!]! }
    type Group { id: ID! title: String! }`);

  it('"board 12345" does not fill the workspaceId of board_candidates', async () => {
    const document = await firstDocument(reader, boards, 'Which groups does board 12345 have?');
    const operation = parse(document ?? '{ x }').definitions[0];
    const first = operation?.kind === Kind.OPERATION_DEFINITION ? operation.selectionSet.selections[0] : undefined;
    expect(first?.kind === Kind.FIELD ? first.name.value : undefined).toBe('boards');
  });
});

describe('an id argument of the field the value is named by', () => {
  const boards = new LexicalSchemaIndex(`
    type Query { boards(ids: [ID!], limit: Int): [Board!] }
    type Board { id: ID! name: String! groups: [Group!]! }
    type Group { id: ID! title: String! }`);

  it('takes the value: "board 12345" is boards(ids: [12345]), not a value left over', async () => {
    const result = await reader.compose(boards, 'Which groups does board 12345 have?');
    const resolution = result.status === 'resolved' ? result.resolution : undefined;
    expect(resolution?.queries[0]?.document).toMatch(/boards\(ids: \$ids\)/);
    expect(JSON.stringify(resolution?.queries[0]?.variablesSchema)).toContain('Example: [\\"12345\\"]');
    expect(resolution?.unsatisfied.join(' ')).not.toContain('12345');
  });
});

describe('a lookup by the field’s own word', () => {
  const work = new LexicalSchemaIndex(`
    type Query {
      items(ids: [ID!], limit: Int): [Item!]
      "A timeline item of an item"
      timeline_item(id: ID!): TimelineItem
    }
    type TimelineItem { id: ID! title: String item: Item }
    type Item { id: ID! name: String! created_at: String creator: User updates: [Update!] }
    type Update { id: ID! body: String creator: User }
    type User { id: ID! name: String! email: String }`);

  const rootOf = (document: string | undefined): string | undefined => {
    const operation = parse(document ?? '{ x }').definitions[0];
    const first = operation?.kind === Kind.OPERATION_DEFINITION ? operation.selectionSet.selections[0] : undefined;
    return first?.kind === Kind.FIELD ? first.name.value : undefined;
  };

  it('"item 1234567890" reads items(ids:), not timeline_item(id:)', async () => {
    expect(rootOf(await firstDocument(reader, work, 'When was item 1234567890 created?'))).toBe('items');
  });

  it('"who created" selects the creator, named by the verb', async () => {
    const document = await firstDocument(reader, work, 'Who created item 1234567890 and when?');
    expect(selectedUnder(document ?? '', 'creator')).toEqual(expect.arrayContaining(['name']));
  });

  it('a "who" with no verb naming a field adds no person', async () => {
    const document = await firstDocument(reader, work, 'Who is item 1234567890 for?');
    expect(document ?? '').not.toContain('creator');
  });
});

describe('a list read from the type its items belong to', () => {
  const code = new LexicalSchemaIndex(`
    type Query { user(login: String!): User repository(owner: String!, name: String!): Repository }
    type User { id: ID! login: String! pullRequests(first: Int): PullRequestConnection }
    type Repository { id: ID! name: String! pullRequests(first: Int): PullRequestConnection }
    type PullRequestConnection { nodes: [PullRequest!]! }
    type PullRequest { id: ID! title: String! isDraft: Boolean! repository: Repository! author: User }`);

  it('reads draft pull requests through their repository, not through a user who opened them', async () => {
    const document = await firstDocument(reader, code, 'draft pull requests and their titles');
    const operation = parse(document ?? '{ x }').definitions[0];
    const first = operation?.kind === Kind.OPERATION_DEFINITION ? operation.selectionSet.selections[0] : undefined;
    expect(first?.kind === Kind.FIELD ? first.name.value : undefined).toBe('repository');
  });
});

describe('a root list', () => {
  it('is never a list of items that belong elsewhere', async () => {
    const resolution = await resolve(
      reader,
      'bench/data/search/schemas/shopify.graphql',
      'What is the publication status of each product across the various sales channels?',
    );
    const operation = parse(resolution.queries[0]?.document ?? '{ x }').definitions[0];
    const first = operation?.kind === Kind.OPERATION_DEFINITION ? operation.selectionSet.selections[0] : undefined;
    expect(first?.kind === Kind.FIELD ? first.name.value : undefined).toBe('products');
  });
});

describe('items that belong to an interface', () => {
  it('belong to each type that implements it: an organization’s repositories are its own', async () => {
    const resolution = await resolve(
      reader,
      'bench/data/search/schemas/github.graphql',
      'Which repositories in the octocat organization are disabled? List their names.',
    );
    const operation = parse(resolution.queries[0]?.document ?? '{ x }').definitions[0];
    const first = operation?.kind === Kind.OPERATION_DEFINITION ? operation.selectionSet.selections[0] : undefined;
    expect(first?.kind === Kind.FIELD ? first.name.value : undefined).toBe('organization');
  });
});

describe('a qualified name', () => {
  it('is selected beside the bare name, which repeats across owners', () => {
    const schema = buildSchema(`
      type Query { repository: Repository }
      type Repository { id: ID! name: String! nameWithOwner: String! description: String }`);
    expect(identifyingFields(schema, 'Repository')).toEqual(['id', 'name', 'nameWithOwner']);
  });
});

describe('a word that names a state', () => {
  const tracker = new LexicalSchemaIndex(`
    type Query { issues(first: Int): [Issue!]! }
    enum IssueState { OPEN CLOSED }
    type Issue { id: ID! number: Int! title: String! body: String state: IssueState! }`);

  it('"closed issues" reads the state of each issue', async () => {
    expect(selectedUnder((await firstDocument(reader, tracker, 'closed issues and their titles')) ?? '', 'issues')).toContain('state');
  });

  it('no state word, no state', async () => {
    expect(selectedUnder((await firstDocument(reader, tracker, 'issues and their titles')) ?? '', 'issues')).not.toContain('state');
  });
});

describe('an object with no name', () => {
  it('is identified by its text beside its id (a comment by its body)', () => {
    const schema = buildSchema(`
      type Query { comment: IssueComment }
      type IssueComment { id: ID! body: String! createdAt: String! }
      type Label { id: ID! name: String! body: String }`);
    expect(identifyingFields(schema, 'IssueComment')).toEqual(['id', 'body']);
    expect(identifyingFields(schema, 'Label')).toEqual(['id', 'name']);
  });
});

describe('a state word before an object the request reads', () => {
  it('reads that object’s state too ("closed pull requests")', async () => {
    const tracker = new LexicalSchemaIndex(`
      type Query { issues(first: Int): [Issue!]! }
      enum State { OPEN CLOSED }
      type Issue { id: ID! title: String! state: State! pullRequests(first: Int): [PullRequest!]! }
      type PullRequest { id: ID! title: String! state: State! }`);
    const document = (await firstDocument(reader, tracker, 'open issues and the titles of their closed pull requests')) ?? '';
    expect(selectedUnder(document, 'pullRequests')).toEqual(expect.arrayContaining(['title', 'state']));
  });
});

describe('values in capitals', () => {
  it('"the HEAD commit" reads the commit HEAD picks (`Repository.object(expression: "HEAD")`)', async () => {
    const index = fixtureIndex(GITHUB);
    const result = await reader.compose(index, 'How many additions and deletions does the HEAD commit in the octocat/example repository have?');
    if (result.status !== 'resolved') throw new Error(result.status);
    const document = result.resolution.queries[0]?.document ?? '';
    expect(document).toMatch(/object\(expression: \$expression\)\s*\{\s*\.\.\. on Commit/);
    expect(document).toContain('Example: \\"HEAD\\"');
    expect(result.resolution.unsatisfied.join(' ')).not.toContain('HEAD');
  });

  const shop = new LexicalSchemaIndex(`
    type Query { product(id: ID!): Product transactions(type: TransactionType!, first: Int): [Transaction!]! }
    enum TransactionType { CREDIT DEBIT }
    type Transaction { id: ID! amount: Float! type: TransactionType! }
    type Product { id: ID! name: String! url: String price: Float sku: String }`);

  it('a code the schema has no word for is reported when no argument takes it', async () => {
    const result = await reader.compose(shop, 'How much does product prod-4411 cost in CHF?');
    if (result.status !== 'resolved') throw new Error(result.status);
    expect(result.resolution.unsatisfied).toContain('No argument of the operation takes the value "CHF" from the request.');
  });

  it('an enum value of the schema in capitals is a value: reported when no argument takes it', async () => {
    const store = new LexicalSchemaIndex(`
      type Query { product(id: ID!): Product shop: Shop }
      enum CurrencyCode { CHF EUR USD }
      type Shop { id: ID! currency: CurrencyCode! }
      type Product { id: ID! name: String! price: Float }`);
    const result = await reader.compose(store, 'the price of product 5 in CHF');
    if (result.status !== 'resolved') throw new Error(result.status);
    expect(result.resolution.unsatisfied).toContain('No argument of the operation takes the value "CHF" from the request.');
  });

  it('a name the schema has in capitals ("URL", "SKU") is no value', async () => {
    const result = await reader.compose(shop, 'the URL and SKU of product prod-4411');
    if (result.status !== 'resolved') throw new Error(result.status);
    expect(result.resolution.unsatisfied.join(' ')).not.toMatch(/URL|SKU/);
  });

  it('a code written as an enum value binds to that enum argument', async () => {
    const document = (await firstDocument(reader, shop, 'the amounts of the CREDIT transactions')) ?? '';
    expect(document).toMatch(/transactions\(type: \$type/);
    expect(document).toContain('Example: CREDIT');
  });
});

describe('an object field asked for only by words the path reads', () => {
  const git = new LexicalSchemaIndex(`
    type Query { repository(owner: String!, name: String!): Repository }
    type Repository { id: ID! name: String! object(expression: String): GitObject commitComments(first: Int): [CommitComment!]! }
    interface GitObject { id: ID! oid: String! }
    type Commit implements GitObject { id: ID! oid: String! additions: Int! deletions: Int! }
    type CommitComment { id: ID! body: String! }`);
  const repositoryFields = (commentWeight: number): string[] => {
    const stems = new Set(['commit', 'addition', 'repository']);
    const interest = interestOf(git.schema, [], stems);
    interest.types.set('Commit', 3);
    interest.fields.set('Commit', new Map([['additions', 1]]));
    interest.fields.set('Repository', new Map([['commitComments', commentWeight]]));
    const planned = planOperation(git.schema, {
      operation: 'query',
      interest,
      stems,
      words: new Set(['commit', 'additions', 'repository']),
      literals: [],
      mine: false,
      sliceFields: new Set(),
    });
    const repository = planned?.root.selections[0];
    return repository?.kind === 'field' ? repository.selections.map((s) => (s.kind === 'field' ? s.name : s.typeName)) : [];
  };

  it('is not added beside the path ("the commit" read by `object ... on Commit`: no `commitComments`)', () => {
    const fields = repositoryFields(1);
    expect(fields).toContain('object');
    expect(fields).not.toContain('commitComments');
  });
});

describe('the caller the schema describes', () => {
  const hub = new LexicalSchemaIndex(`
    type Query {
      "The currently authenticated user."
      viewer: User!
      "Lookup a given repository by the owner and repository name."
      repository(owner: String!, name: String!): Repository
      "Lookup a user by login."
      user(login: String!): User
    }
    type User { id: ID! login: String! repositories(first: Int): RepositoryConnection! }
    type RepositoryConnection { nodes: [Repository!]! totalCount: Int! }
    type Repository { id: ID! name: String! diskUsage: Int owner: User! }`);

  it('"the authenticated user" reads through the root field described as the authenticated user', async () => {
    const document = (await firstDocument(reader, hub, 'What is the disk usage for each repository owned by the authenticated user?')) ?? '';
    expect(document).toMatch(/viewer\s*\{\s*repositories/);
    expect(document).toContain('diskUsage');
  });

  it('finds those fields by their description, not by a list of names', () => {
    const schema = buildSchema(`
      type Query { "The user who is logged in." whoami: Account, "Any account." account(id: ID!): Account }
      type Account { id: ID! }`);
    expect([...callerFields(schema)]).toEqual([['whoami', new Set(['whoami', 'logged'])]]);
  });
});

describe('an email address', () => {
  const people = new LexicalSchemaIndex(`
    type Query { users(emails: [String], ids: [ID!], limit: Int): [User!] teams(ids: [ID!]): [Team!] }
    type User { id: ID! name: String! email: String! teams: [Team!] }
    type Team { id: ID! name: String! }`);

  it('binds to the argument named for one', async () => {
    const document = (await firstDocument(reader, people, 'the name of the user anna@acme.io')) ?? '';
    expect(document).toMatch(/users\(emails: \$emails/);
    expect(document).toContain('anna@acme.io');
  });

  it('is reported when no argument is named for one, never bound as an id', async () => {
    const result = await reader.compose(people, 'the name of team anna@acme.io');
    if (result.status !== 'resolved') throw new Error(result.status);
    expect(result.resolution.queries[0]?.document ?? '').not.toContain('anna@acme.io');
    expect(result.resolution.unsatisfied).toContain('No argument of the operation takes the value "anna@acme.io" from the request.');
  });
});

describe('a second verb of the mutation name (issue 22, mutation choice)', () => {
  const store = new LexicalSchemaIndex(`
    type Query { customer(id: ID!): Customer }
    type Customer { id: ID! email: String }
    type Update { id: ID! body: String }
    type Mutation {
      "Sends the customer an email inviting them to activate the account."
      customerSendAccountInviteEmail(customerId: ID!): Customer
      "Edits an update."
      editUpdate(id: ID!, body: String): Update
    }`);

  it('is covered by a paraphrase of its own ("an invitation" for Invite)', async () => {
    const document = await firstDocument(writer, store, 'Email jane@example.com an invitation to activate her customer account');
    expect(mutationOf(document)).toBe('customerSendAccountInviteEmail');
  });

  it('is not covered by the word that paraphrases the first verb ("change" is not both edit and update)', async () => {
    const document = await firstDocument(writer, store, 'Change her role to admin');
    expect(mutationOf(document)).toBeUndefined();
  });
});

describe('an opening verb no family knows, before a mutation whose object has a verb-like noun', () => {
  const repo = new LexicalSchemaIndex(`
    type Query { pullRequest(number: Int!): PullRequest }
    type PullRequest { id: ID! number: Int! title: String }
    type Mutation {
      "Merge a pull request."
      mergePullRequest(pullRequestId: ID!): PullRequest
    }`);

  it('counts the later verb-like word as the object ("land pull request #77" -> mergePullRequest)', async () => {
    const document = await firstDocument(writer, repo, 'Land pull request #77 into main now that CI is green');
    expect(mutationOf(document)).toBe('mergePullRequest');
  });
});

describe('a pronoun for a person (him, her)', () => {
  const org = new LexicalSchemaIndex(`
    type Query { organization(slug: ID!): Organization }
    type Organization { id: ID! name: String }
    type Team { id: ID! name: String }
    type Mutation {
      "Remove a member from an organization."
      organizationMemberDelete(id: ID!): Organization
      "Delete the organization's banner."
      organizationBannerDelete(organizationId: ID!): Organization
      "Add a user to a team."
      teamMemberCreate(teamId: ID!, userId: ID!): Team
    }`);

  it('is the member a removal names ("take him out of the organization")', async () => {
    const document = await firstDocument(writer, org, 'Tom left the company, take him out of the acme organization');
    expect(mutationOf(document)).toBe('organizationMemberDelete');
  });

  it('does not name the object of a verb no family knows ("Priya ... make her a maintainer")', async () => {
    const document = await firstDocument(writer, org, 'Priya is already on the Mobile team; make her a maintainer of it');
    expect(mutationOf(document)).toBeUndefined();
  });
});

describe('a thumbs-up', () => {
  const board = new LexicalSchemaIndex(`
    type Query { update(id: ID!): Update }
    type Update { id: ID! body: String }
    type Reaction { id: ID! emoji: String }
    type Mutation {
      "Like an update."
      like_update(update_id: ID!): Update
      "Edit an update."
      edit_update(id: ID!, body: String!): Update
      "Add an emoji reaction to a comment."
      addEmojiReaction(commentId: ID!, emoji: String!): Reaction
    }`);

  it('likes what it is given to ("give update 334455 a thumbs-up")', async () => {
    const document = await firstDocument(writer, board, 'Give update 334455 a thumbs-up');
    expect(mutationOf(document)).toBe('like_update');
  });

  it('is an emoji reaction ("give comment c-8812 a thumbs-up")', async () => {
    const document = await firstDocument(writer, board, 'Give comment c-8812 a thumbs-up');
    expect(mutationOf(document)).toBe('addEmojiReaction');
  });
});

describe('a type name the request shortens', () => {
  const shop = new LexicalSchemaIndex(`
    type Query { webhookSubscription(id: ID!): WebhookSubscription }
    type WebhookSubscription { id: ID! callbackUrl: String }
    type PriceList { id: ID! name: String }
    type Mutation {
      "Deletes a webhook subscription."
      webhookSubscriptionDelete(id: ID!): WebhookSubscription
      "Updates a price list."
      priceListUpdate(id: ID!, name: String): PriceList
    }`);

  it('covers the words it leaves out ("delete webhook" -> webhookSubscriptionDelete)', async () => {
    const document = await firstDocument(writer, shop, 'delete webhook 12');
    expect(mutationOf(document)).toBe('webhookSubscriptionDelete');
  });

  it('only with the verb as the request writes it, not a paraphrase ("raise the price" is no price list update)', async () => {
    const document = await firstDocument(writer, shop, 'Raise the price of the blue t-shirt to $29');
    expect(mutationOf(document)).toBeUndefined();
  });
});

describe('a name opening with "set" before the verb the request uses', () => {
  const users = new LexicalSchemaIndex(`
    type Query { user(id: ID!): User }
    type User { id: ID! tags: [String] }
    type Mutation {
      "Set tags of user"
      setUserTags(userId: ID!, tags: [String]!): User
      "Set the password of a user"
      setUserPassword(userId: ID!, password: String!): User
    }`);

  it('sets what that verb makes ("tag user vip" -> setUserTags)', async () => {
    const document = await firstDocument(writer, users, 'tag user u-12 vip');
    expect(mutationOf(document)).toBe('setUserTags');
  });
});

describe('the verb in a required enum argument', () => {
  const expenses = new LexicalSchemaIndex(`
    type Query { expense(id: ID!): Expense }
    type Expense { id: ID! status: String }
    enum ExpenseProcessAction { APPROVE REJECT PAY HOLD }
    enum MemberRole { ADMIN MAINTAINER }
    type Team { id: ID! name: String }
    type Mutation {
      "Process the expense with the given action."
      processExpense(expenseId: ID!, action: ExpenseProcessAction!): Expense
      "Create a team."
      teamCreate(name: String!, defaultMemberRole: MemberRole!): Team
    }`);

  it('covers a name whose verb no family knows ("pay out expense 4521" -> processExpense)', async () => {
    const document = await firstDocument(writer, expenses, 'Pay out expense 4521 now');
    expect(mutationOf(document)).toBe('processExpense');
  });

  it('does not stand for the verb of a name that has one ("make her a maintainer of the team" is no teamCreate)', async () => {
    const document = await firstDocument(writer, expenses, 'Priya is on the Mobile team; make her a maintainer of it');
    expect(mutationOf(document)).toBeUndefined();
  });
});

describe('a mutation whose whole name the request spells as words', () => {
  const accounts = new LexicalSchemaIndex(`
    type Query { me: User passwordPolicy: String }
    type User { id: ID! email: String }
    type Mutation {
      "Request a password reset email."
      forgotPassword(email: String!): Boolean
      "Send the verification email again."
      sendVerificationEmail(email: String): Boolean
    }`);

  it('is composed although the words read as a question ("forgot password email" -> forgotPassword)', async () => {
    const document = await firstDocument(writer, accounts, 'forgot password email');
    expect(mutationOf(document)).toBe('forgotPassword');
  });

  it('is no change when mutations are not allowed (a read stays a read)', async () => {
    const result = await reader.compose(accounts, 'forgot password email');
    const unsatisfied = result.status === 'resolved' ? result.resolution.unsatisfied : [];
    expect(unsatisfied.join(' ')).not.toMatch(/mutation/i);
  });
});

describe('a name that adds a thing to what takes it (addLabelsToLabelable)', () => {
  const issues = new LexicalSchemaIndex(`
    type Query { issue(number: Int!): Issue }
    type Issue { id: ID! number: Int! title: String }
    type Label { id: ID! name: String }
    type Mutation {
      "Creates a new label."
      createLabel(name: String!, color: String!): Label
      "Adds labels to a labelable object."
      addLabelsToLabelable(labelableId: ID!, labelIds: [ID!]!): Issue
    }`);

  it('is covered by a paraphrase of the thing as a verb ("tag issue #5" -> addLabelsToLabelable), not createLabel', async () => {
    const document = await firstDocument(writer, issues, "Tag issue #5 with 'bug' and 'high-priority'");
    expect(mutationOf(document)).toBe('addLabelsToLabelable');
  });
});
