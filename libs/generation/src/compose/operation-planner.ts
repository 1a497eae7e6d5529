/**
 * Plans the shape of a composed operation: the target type (interest minus
 * path cost), the cheapest path to it from the root, the fields asked for on
 * it (objects and connections followed one level), its identifying fields,
 * and fields asked for on types next to the path (an ancestor, or one field
 * away from the target).
 */
import { getNamedType, isInterfaceType, isLeafType, isNonNullType, isObjectType, type GraphQLSchema } from 'graphql';
import { followEdge, followPath, ensureField, type DraftScope } from './operation-draft.js';
import { comparisonOf, literalFits, type LiteralKind, type PromptLiteral } from './prompt-literals.js';
import { nameStems, stem } from './prompt-words.js';
import { typesNamedAfter } from './capital-values.js';
import { askedFields, identifyingFields, type Interest } from './target-choice.js';
import { cheapestPaths, pathEdges, typeGraph, type TypeEdge } from './type-graph.js';

export interface PlanInput {
  operation: 'query' | 'mutation';
  interest: Interest;
  stems: ReadonlySet<string>;
  literals: readonly PromptLiteral[];
  /** The prompt's lower-case words as written (plural and singular apart). */
  words: ReadonlySet<string>;
  /** The prompt speaks of the caller's own data ("my", "me", "I"). */
  mine: boolean;
  /** `Type.field` of the schema slice: paths through it are preferred. */
  sliceFields: ReadonlySet<string>;
  /** Stems of the words right after a state word ("closed pull requests" -> pull): those objects' state is read too. */
  stateNouns?: ReadonlySet<string>;
  /** The prompt asks who did something ("who created item 5"). */
  asksWho?: boolean;
  /** Stems of the things the prompt asks to count (`countedStems`): their connections are read by `totalCount`. */
  counted?: ReadonlySet<string>;
  /** The literals' facts (computed by planOperation). */
  facts?: LiteralFacts;
}

export interface PlannedOperation {
  root: DraftScope;
  target: string;
  /** Fields selected on the target because the prompt asks for them. */
  asked: string[];
}

/** Weight of a type's path cost against its interest score. */
const COST_WEIGHT = 0.2;
/**
 * Secondary types need at least this field weight to be added: the weight a field found only by
 * search needs on the target itself (`askedFields`' strong hit). At 0.35 the weaker hits padded the
 * selection with whole branches nobody asked for (docs/composer.md Log).
 */
export const SECONDARY_WEIGHT = 0.45;
/** What reading a list from a type its items do not belong to costs more (`User.pullRequests`, not `Repository.pullRequests`). */
const FOREIGN_COST = 0.75;

/** Name parts too common to say which argument a literal is for. */
const GENERIC_STEMS = new Set(['id', 'name', 'number', 'by', 'key', 'list', 'all', 'get', 'using', 'fkey']);

/**
 * What the path costs need from the prompt's literals, computed once per plan (issue 23, finding 3:
 * examining every literal with regexes for every edge relaxed made planning quadratic): the stems of
 * the words before equality literals, which kinds of literal the prompt gives, and whether it
 * compares. Each edge then costs set look-ups only, whatever the number of literals.
 */
export interface LiteralFacts {
  /** Stems of the words before equality literals, per kind of literal. */
  namedStems: ReadonlyMap<LiteralKind, ReadonlySet<string>>;
  hasOwner: boolean;
  hasRepo: boolean;
  hasHandle: boolean;
  hasEmail?: boolean;
  hasValue: boolean;
  compares: boolean;
  /** Types a code of the prompt picks one of ("the HEAD commit": Commit and the interfaces it implements). */
  codeTypes?: ReadonlySet<string>;
}

export function literalFacts(literals: readonly PromptLiteral[]): LiteralFacts {
  const namedStems = new Map<LiteralKind, Set<string>>();
  let hasOwner = false;
  let hasRepo = false;
  let hasHandle = false;
  let hasEmail = false;
  let hasValue = false;
  let compares = false;
  for (const literal of literals) {
    if (comparisonOf(literal) !== 'eq') {
      compares = true;
      continue;
    }
    hasValue = true;
    let stems = namedStems.get(literal.kind);
    if (!stems) {
      stems = new Set();
      namedStems.set(literal.kind, stems);
    }
    for (const word of literal.before) stems.add(stem(word));
    if (literal.kind === 'owner') hasOwner = true;
    if (literal.kind === 'repo') hasRepo = true;
    if (literal.kind === 'handle') hasHandle = true;
    if (literal.kind === 'email') hasEmail = true;
  }
  return { namedStems, hasOwner, hasRepo, hasHandle, hasEmail, hasValue, compares };
}

const LITERAL_KINDS: readonly LiteralKind[] = ['string', 'int', 'float', 'date', 'datetime', 'id', 'owner', 'repo', 'handle', 'code', 'email'];
const kindsByType = new Map<string, LiteralKind[]>();

/** The kinds of literal a named input type takes (cached by type name). */
function kindsFitting(typeName: string): LiteralKind[] {
  let kinds = kindsByType.get(typeName);
  if (!kinds) {
    kinds = LITERAL_KINDS.filter((kind) => literalFits({ kind, text: kind === 'id' ? 'http:' : '', before: [], context: [], at: 0 }, typeName));
    if (kindsByType.size > 10_000) kindsByType.clear();
    kindsByType.set(typeName, kinds);
  }
  return kinds;
}

/** What a lookup by the field's own word saves, as a required argument a literal fills. */
const ID_LOOKUP_FIT = 1.5;

/** Whether a literal of a kind the edge's id argument takes is named by every word of the field's name ("item 5" for `items`). */
function namesById(edge: TypeEdge, facts: LiteralFacts): boolean {
  if (!facts.hasValue || edge.stems.length === 0) return false;
  const kinds = kindsFitting(edge.idArgType ?? 'ID').filter((kind) => facts.namedStems.has(kind));
  return edge.stems.every((part) => kinds.some((kind) => facts.namedStems.get(kind)?.has(part)));
}

/** Whether an argument's name has words of its own beyond the generic ones (`workspaceId`, not `id`). */
function ownWords(arg: string): boolean {
  return nameStems(arg).some((part) => !GENERIC_STEMS.has(part));
}

/** How well the prompt's literals fill the edge's required arguments: the words before a literal name the field or argument. */
function literalFit(edge: TypeEdge, facts: LiteralFacts): number {
  if (edge.requiredArgs.length === 0 || !facts.hasValue) return 0;
  let fit = 0;
  for (const [at, arg] of edge.requiredArgs.entries()) {
    const lower = arg.toLowerCase();
    // Only literals of a kind the argument's type takes ("issues of facebook/react" names no issue number).
    const kinds = kindsFitting(edge.requiredArgTypes?.[at] ?? 'String').filter((kind) => facts.namedStems.has(kind));
    const named =
      // The field's own words name the literal only for an argument whose name says nothing else
      // (`id`, `key`): "board 12345" is no `workspaceId` of `board_candidates`.
      [...nameStems(arg), ...(ownWords(arg) ? [] : edge.stems)].some(
        (part) => !GENERIC_STEMS.has(part) && kinds.some((kind) => facts.namedStems.get(kind)?.has(part)),
      ) ||
      (facts.hasOwner && /^(owner|login)$/.test(lower)) ||
      (facts.hasRepo && lower === 'name') ||
      (facts.hasHandle && /^(login|owner)$/.test(lower)) ||
      (facts.hasEmail === true && lower.includes('email'));
    if (named) fit += 1;
  }
  return fit / edge.requiredArgs.length;
}

/** The plural of an English noun, as field names write it (`issue` -> issues, `repository` -> repositories). */
export function pluralOf(word: string): string {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

/** The singular of a plural field word (`issues` -> issue, `repositories` -> repository); the word itself otherwise. */
export function singularOf(word: string): string {
  if (/[^aeiou]ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(sses|xes|zes|ches|shes)$/.test(word)) return word.slice(0, -2);
  if (/[^su]s$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Whether a literal of a fitting kind is named by every required argument's own words ("issue number 5"). */
function argumentsNamed(edge: TypeEdge, facts: LiteralFacts): boolean {
  return edge.requiredArgs.every((arg, at) => {
    const kinds = kindsFitting(edge.requiredArgTypes?.[at] ?? 'String');
    return nameStems(arg).some((part) => !GENERIC_STEMS.has(part) && kinds.some((kind) => facts.namedStems.get(kind)?.has(part)));
  });
}

/** Generic lookups by id or URL (`node`, `resource`) and the caller's own user (`viewer`) unless the prompt says "my". */
function rootPenalty(schema: GraphQLSchema, edge: TypeEdge, input: PlanInput): number {
  const field = edge.field ?? '';
  if (/^(node|nodes|resource|entity|entities|_entities|_service)$/.test(field)) return 3;
  const self = callerFields(schema).get(field);
  // "the authenticated user", "the viewer": the description's own word (a bare "me" is often "show me").
  if (self && [...self].some((word) => input.words.has(word))) return -SELF_FIT;
  if (/^(viewer|me|currentUser|self)$/.test(field) && !input.mine) return 1.5;
  return 0;
}

/** What the caller's own root field saves when the request speaks of the caller ("my", "the authenticated user"). */
export const SELF_FIT = 1;

const CALLER_WORDS = /\b(authenticated|logged[- ]in|signed[- ]in|currently)\b/gi;
const callers = new WeakMap<GraphQLSchema, Map<string, Set<string>>>();

/**
 * The query root fields that return the caller: no arguments, an object, and described as the
 * authenticated, logged-in or current one ("The currently authenticated user."). Each with the words
 * a request uses for the caller there: its name and the description's own word ("viewer",
 * "authenticated").
 */
export function callerFields(schema: GraphQLSchema): Map<string, Set<string>> {
  let found = callers.get(schema);
  if (found) return found;
  found = new Map();
  for (const field of Object.values(schema.getQueryType()?.getFields() ?? {})) {
    if (field.args.length > 0 || !isObjectType(getNamedType(field.type))) continue;
    const marks = [...(field.description ?? '').matchAll(CALLER_WORDS)].map((match) => (match[1] as string).toLowerCase().split(/[- ]/)[0] as string);
    if (marks.length === 0) continue;
    found.set(field.name, new Set([field.name.toLowerCase(), ...marks.filter((mark) => mark !== 'currently')]));
  }
  callers.set(schema, found);
  return found;
}

function edgeCost(schema: GraphQLSchema, edge: TypeEdge, input: PlanInput, facts: LiteralFacts, rootName: string): number {
  if (edge.field === undefined) return 0.3;
  let cost = 2;
  const fit = literalFit(edge, facts);
  cost += edge.requiredLeafArgs > 0 ? (fit > 0 ? -1.5 * fit : 0.4 + 0.1 * edge.requiredLeafArgs) : 0;
  // "item 1234567890" on `items(ids:)`: every word of the field's name names a value its id argument takes.
  if (edge.requiredLeafArgs === 0 && edge.idArgType !== undefined && namesById(edge, facts)) cost -= ID_LOOKUP_FIT;
  // "anna@acme.io" on `users(emails:)`: an optional argument named for the email address the request gives.
  if (edge.emailArg && facts.hasEmail && edge.requiredLeafArgs === 0) cost -= ID_LOOKUP_FIT;
  // "the HEAD commit" on `Repository.object(expression:)`: one object of the type the code names, picked by a String argument.
  if (!edge.list && edge.stringArg && facts.codeTypes?.has(edge.to)) cost -= ID_LOOKUP_FIT;
  cost += edge.requiredInputArgs * 3;
  if (edge.stems.length > 0) cost -= (0.7 * edge.stems.filter((part) => input.stems.has(part)).length) / edge.stems.length;
  if (input.sliceFields.has(`${edge.from}.${edge.field}`)) cost -= 0.25;
  cost -= 0.5 * Math.min(1, input.interest.types.get(edge.to) ?? 0);
  if ((edge.requiredLeafArgs === 0 || fit > 0) && input.words.has(edge.lastWord)) cost -= 0.3;
  if (edge.filterArg && facts.compares) cost -= 0.8;
  // A list request ("the 10 most recent issues") takes a list or connection, not a lookup of one.
  if (edge.list && edge.lastWord !== '' && edge.lastWord !== singularOf(edge.lastWord) && input.words.has(edge.lastWord)) cost -= 0.4;
  else if (!edge.list && edge.requiredLeafArgs > 0 && edge.lastWord !== '' && input.words.has(pluralOf(edge.lastWord)) && !input.words.has(edge.lastWord)) {
    cost += 1.5 + 1.5 * fit;
  }
  if (edge.foreign) cost += FOREIGN_COST;
  if (edge.from === rootName) cost += rootPenalty(schema, edge, input);
  return Math.max(0.05, cost);
}

export function planOperation(schema: GraphQLSchema, given: PlanInput): PlannedOperation | undefined {
  const rootType = schema.getRootType(given.operation);
  if (!rootType) return undefined;
  const facts: LiteralFacts = { ...literalFacts(given.literals), codeTypes: codeTypesOf(schema, given.literals) };
  const input: PlanInput = { ...given, facts };
  const paths = cheapestPaths(schema, rootType.name, (edge) => edgeCost(schema, edge, input, facts, rootType.name));
  let best: { type: string; score: number } | undefined;
  for (const [type, interest] of input.interest.types) {
    const cost = paths.cost.get(type);
    if (cost === undefined || type === rootType.name) continue;
    const score = interest - COST_WEIGHT * cost;
    if (!best || score > best.score) best = { type, score };
  }
  if (!best) return undefined;
  const root: DraftScope = { typeName: rootType.name, selections: [] };
  const edges = pathEdges(paths, best.type);
  const scopes: DraftScope[] = [root];
  let scope = root;
  for (const edge of edges) {
    scope = followEdge(schema, scope, edge);
    scopes.push(scope);
  }
  const asked = selectAsked(schema, scope, input, 0, new Set(scopes.map((s) => s.typeName)));
  for (const id of identifyingFields(schema, best.type)) if (!asked.includes(id)) ensureField(scope, id);
  if (input.asksWho) addPerson(schema, scope, input);
  if (namesState(input.words)) addState(schema, scope);
  addSecondary(schema, scopes, input);
  return { root, target: best.type, asked };
}

/** The types the prompt's codes name by the word after them ("the HEAD commit" -> Commit, GitObject). */
function codeTypesOf(schema: GraphQLSchema, literals: readonly PromptLiteral[]): Set<string> {
  const types = new Set<string>();
  for (const literal of literals) if (literal.kind === 'code') for (const type of typesNamedAfter(schema, literal)) types.add(type);
  return types;
}

/** Adds the fields asked for on `scope`'s type; composite ones with their own asked fields (one level). */
function selectAsked(
  schema: GraphQLSchema,
  scope: DraftScope,
  input: PlanInput,
  depth = 0,
  avoid: ReadonlySet<string> = new Set(),
  spent: ReadonlySet<string> = new Set(),
): string[] {
  const edges = typeGraph(schema).get(scope.typeName) ?? [];
  const type = schema.getType(scope.typeName);
  if (!isObjectType(type) && !isInterfaceType(type)) return [];
  const facts = input.facts ?? literalFacts(input.literals);
  const asked = askedFields(schema, scope.typeName, input.interest, input.stems, depth === 0 ? 12 : 6).filter((name) => {
    if (edges.some((edge) => edge.field === name && avoid.has(edge.to))) return false;
    // An object field asked for only by words the path below already reads ("the HEAD commit" read by
    // `object ... on Commit`: no `commitComments` beside it).
    const via = edges.find((edge) => edge.field === name);
    if (via && spent.size > 0) {
      const matched = via.stems.filter((part) => input.stems.has(part));
      if (matched.length > 0 && matched.every((part) => spent.has(part))) return false;
    }
    // A field the request did not give the required arguments of adds no required variable.
    const field = type.getFields()[name];
    if (!field?.args.some((arg) => isNonNullType(arg.type) && arg.default === undefined)) return true;
    const edge = edges.find((candidate) => candidate.field === name);
    return edge !== undefined && argumentsNamed(edge, facts);
  });
  for (const name of asked) {
    const field = type.getFields()[name];
    if (!field) continue;
    if (isLeafType(getNamedType(field.type))) {
      ensureField(scope, name);
      continue;
    }
    const edge = edges.find((candidate) => candidate.field === name);
    if (!edge) continue;
    if (countsConnection(schema, edge, input.counted)) {
      const connection = ensureField(scope, name);
      ensureField({ typeName: getNamedType(field.type).name, selections: connection.selections }, 'totalCount');
      continue;
    }
    const inner = followEdge(schema, scope, edge);
    if (depth === 0) selectAsked(schema, inner, input, depth + 1, new Set([...avoid, scope.typeName]));
    for (const id of identifyingFields(schema, inner.typeName)) ensureField(inner, id);
    if (input.stateNouns?.has(edge.stems[0] ?? '')) addState(schema, inner);
  }
  return asked;
}

/**
 * Words that name the state an object is in ("open issues", "draft orders"): the request reads that
 * state. The ranking's state hint (`libs/ranking/src/query-intent.ts`) has its own, narrower list,
 * measured for search: widening it moves search figures, so the two are kept apart.
 */
const STATE_WORDS: ReadonlySet<string> = new Set([
  'open',
  'closed',
  'merged',
  'draft',
  'pending',
  'active',
  'inactive',
  'archived',
  'cancelled',
  'canceled',
  'failed',
  'resolved',
  'unresolved',
  'paused',
  'expired',
  'enabled',
  'disabled',
  'approved',
  'rejected',
  'completed',
  'running',
  'blocked',
  'fulfilled',
  'unfulfilled',
  'paid',
  'unpaid',
]);
function namesState(words: ReadonlySet<string>): boolean {
  for (const word of words) if (STATE_WORDS.has(word)) return true;
  return false;
}

/** Stems of the words that follow a state word in `text` ("closed pull requests" -> pull). */
export function stateNounsOf(text: string): Set<string> {
  const words = text.toLowerCase().split(/[^a-z0-9]+/);
  const nouns = new Set<string>();
  words.forEach((word, at) => {
    const next = words[at + 1];
    if (next && STATE_WORDS.has(word)) nouns.add(stem(next));
  });
  return nouns;
}

/** Selects the target's own `state` or `status` leaf (an argument-free one), when it has one. */
function addState(schema: GraphQLSchema, scope: DraftScope): void {
  const type = schema.getType(scope.typeName);
  if (!isObjectType(type) && !isInterfaceType(type)) return;
  const fields = type.getFields();
  const name = ['state', 'status'].find((candidate) => {
    const field = fields[candidate];
    return field !== undefined && isLeafType(getNamedType(field.type)) && !field.args.some((arg) => isNonNullType(arg.type));
  });
  if (name) ensureField(scope, name);
}

/** Last words of fields that lead to the person who did something (`creator`, `createdBy`, `author`). */
const PERSON_WORDS = new Set([
  'user',
  'author',
  'creator',
  'actor',
  'owner',
  'account',
  'member',
  'submitter',
  'assignee',
  'sender',
  'requester',
  'person',
  'by',
  'reviewer',
]);

/**
 * "Who created item 5": the target's field that leads to a person, when none is selected: the one
 * whose name the prompt's verb starts (`creat` -> creator, createdBy). Without such a verb nothing
 * is added (which person a bare "who" means, the schema does not say).
 */
function addPerson(schema: GraphQLSchema, scope: DraftScope, input: PlanInput): void {
  const edges = (typeGraph(schema).get(scope.typeName) ?? []).filter(
    (edge) => edge.field !== undefined && edge.requiredLeafArgs === 0 && edge.requiredInputArgs === 0 && PERSON_WORDS.has(edge.stems.at(-1) ?? ''),
  );
  if (edges.length === 0) return;
  const selected = new Set(scope.selections.map((s) => (s.kind === 'field' ? s.name : '')));
  if (edges.some((edge) => selected.has(edge.field ?? ''))) return;
  const verbs = [...input.stems].filter((part) => part.length >= 4);
  const named = edges.find((edge) => edge.stems.some((part) => verbs.some((verb) => part.startsWith(verb))));
  if (named) followEdge(schema, scope, named);
}

/** Name parts that do not say what a connection holds. */
const CONNECTION_FILLER = new Set(['connection', 'all', 'list', 'total', 'by', 'of', 'for', 'with']);

/** A connection the prompt asks to count ("how many reviews"): every word of its name is a counted word, and it has `totalCount`. */
function countsConnection(schema: GraphQLSchema, edge: TypeEdge, counted: ReadonlySet<string> | undefined): boolean {
  if (!counted || counted.size === 0 || edge.connection === undefined || edge.field === undefined) return false;
  const owner = schema.getType(edge.from);
  const field = isObjectType(owner) || isInterfaceType(owner) ? owner.getFields()[edge.field] : undefined;
  if (!field) return false;
  const connection = getNamedType(field.type);
  if (!isObjectType(connection) || !connection.getFields()['totalCount']) return false;
  const parts = edge.stems.filter((part) => !CONNECTION_FILLER.has(part));
  return parts.length > 0 && parts.every((part) => counted.has(part));
}

/** Types with asked-for fields next to the path: on an ancestor, or at most two edges from the target. */
function addSecondary(schema: GraphQLSchema, scopes: readonly DraftScope[], input: PlanInput): void {
  const target = scopes[scopes.length - 1] as DraftScope;
  const onPath = new Set(scopes.map((scope) => scope.typeName));
  const wanted = [...input.interest.fields]
    .map(([typeName, fields]) => [typeName, Math.max(...fields.values())] as const)
    .filter(([typeName, weight]) => typeName !== target.typeName && weight >= SECONDARY_WEIGHT)
    .sort((a, b) => b[1] - a[1]);
  for (const [typeName] of wanted) {
    const at = scopes.findIndex((scope, index) => index > 0 && index < scopes.length - 1 && scope.typeName === typeName);
    const ancestor = at > 0 ? scopes[at] : undefined;
    if (ancestor) {
      selectAsked(schema, ancestor, input, 1, onPath, pathWords(scopes.slice(at + 1)));
      continue;
    }
    const route = shortRoute(schema, target.typeName, typeName, onPath, (edge) => !countsConnection(schema, edge, input.counted));
    if (!route) continue;
    const inner = followPath(schema, target, route);
    selectAsked(schema, inner, input, 1, onPath);
    if (inner.selections.length === 0) for (const id of identifyingFields(schema, typeName)) ensureField(inner, id);
  }
}

/** Stems of the type names of `scopes` (what the path reads there). */
function pathWords(scopes: readonly DraftScope[]): Set<string> {
  return new Set(scopes.flatMap((scope) => nameStems(scope.typeName)));
}

/** The fewest edges (at most two) from `from` to `to`, not through the types in `avoid`, by edges `allowed` lets through. */
function shortRoute(schema: GraphQLSchema, from: string, to: string, avoid: ReadonlySet<string>, allowed: (edge: TypeEdge) => boolean): TypeEdge[] | undefined {
  const graph = typeGraph(schema);
  const first = graph.get(from) ?? [];
  const free = (edge: TypeEdge): boolean => edge.requiredInputArgs === 0 && edge.requiredLeafArgs === 0 && allowed(edge);
  const direct = first.find((edge) => edge.to === to && free(edge));
  if (direct) return [direct];
  for (const edge of first) {
    if (avoid.has(edge.to) || !free(edge)) continue;
    const second = (graph.get(edge.to) ?? []).find((next) => next.to === to && free(next));
    if (second) return [edge, second];
  }
  return undefined;
}
