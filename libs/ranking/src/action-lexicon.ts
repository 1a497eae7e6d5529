/**
 * A small thesaurus of how people ask an API to change data, and of the nouns
 * they use for common schema vocabulary. General-purpose (written from common
 * API verbs and their everyday paraphrases, not from any one schema): each
 * entry maps a phrase a person types to the words schemas use in field names.
 * Only words that occur in the searched schema have any effect.
 */

/** Everyday phrases for changing data -> the verbs schemas name mutations with. */
export const ACTION_PHRASES: Readonly<Record<string, readonly string[]>> = {
  'money back': ['refund'],
  'give back': ['refund', 'return'],
  'pay back': ['refund'],
  reimburse: ['refund'],
  land: ['merge'],
  combine: ['merge'],
  consolidate: ['merge'],
  squash: ['merge'],
  'get rid of': ['delete', 'remove'],
  erase: ['delete'],
  trash: ['delete'],
  discard: ['delete'],
  drop: ['remove', 'delete'],
  wipe: ['delete'],
  destroy: ['delete'],
  'take off': ['unpublish', 'remove'],
  'take down': ['unpublish', 'delete'],
  unlist: ['unpublish'],
  delist: ['unpublish'],
  'put on': ['publish', 'add'],
  'make live': ['publish'],
  'go live': ['publish'],
  'set up': ['create'],
  make: ['create', 'add'],
  start: ['create'],
  open: ['create', 'open'],
  new: ['create'],
  write: ['create'],
  issue: ['create'],
  register: ['create'],
  generate: ['create'],
  post: ['create', 'add'],
  file: ['create'],
  put: ['add'],
  attach: ['add'],
  nest: ['add', 'sub'],
  include: ['add'],
  raise: ['update'],
  lower: ['update'],
  increase: ['update', 'adjust'],
  decrease: ['update', 'adjust'],
  change: ['update'],
  edit: ['update'],
  modify: ['update'],
  rename: ['update'],
  set: ['update', 'set'],
  adjust: ['adjust', 'update'],
  fix: ['update'],
  tag: ['label', 'tag'],
  categorize: ['label'],
  label: ['label'],
  hide: ['minimize', 'hide'],
  collapse: ['minimize'],
  conceal: ['hide'],
  'look over': ['review'],
  'check over': ['review'],
  'go over': ['review'],
  ask: ['request'],
  approve: ['review', 'approve'],
  'sign off': ['approve', 'review'],
  lgtm: ['approve'],
  responsible: ['assign', 'assignee'],
  'in charge': ['assign'],
  delegate: ['assign'],
  move: ['transfer', 'move'],
  ship: ['fulfill', 'fulfillment'],
  dispatch: ['fulfill'],
  'send out': ['fulfill'],
  deliver: ['fulfill'],
  charge: ['capture'],
  'collect payment': ['capture'],
  pause: ['pause', 'hold'],
  freeze: ['hold', 'freeze'],
  resume: ['resume', 'release'],
  unpause: ['resume'],
  'stop sending': ['unsubscribe', 'subscription'],
  mute: ['unsubscribe', 'subscription'],
  unwatch: ['unsubscribe', 'subscription'],
  'stop following': ['unfollow'],
  copy: ['duplicate', 'copy'],
  clone: ['duplicate', 'clone'],
  bookmark: ['star'],
  favorite: ['star'],
  favourite: ['star'],
  email: ['send', 'email'],
  notify: ['send', 'notify'],
  invite: ['invite'],
  'turn on': ['enable', 'activate'],
  'turn off': ['disable', 'deactivate'],
  reply: ['comment', 'add'],
  comment: ['comment', 'add'],
  react: ['reaction', 'add'],
  upvote: ['reaction', 'add'],
  'thumbs-up': ['reaction', 'emoji', 'like'],
  'thumbs up': ['reaction', 'emoji', 'like'],
  'call off': ['cancel'],
  void: ['cancel', 'void'],
  abort: ['cancel'],
  withdraw: ['revoke', 'cancel'],
  redirect: ['redirect'],
  forward: ['redirect'],
  mark: ['mark'],
  resolve: ['resolve', 'close'],
  finish: ['complete', 'close'],
  complete: ['complete'],
};

/** Everyday nouns -> the words schemas use for them (applied to requests to change data). */
export const NOUN_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  stock: ['inventory', 'quantity'],
  callback: ['webhook'],
  hook: ['webhook'],
  'blog post': ['article'],
  notification: ['subscription'],
  notifications: ['subscription'],
  'sub-task': ['sub', 'issue'],
  subtask: ['sub', 'issue'],
  dependency: ['blocked', 'block'],
  pr: ['pull', 'request'],
  repo: ['repository'],
  invitation: ['invite'],
  reviewer: ['review'],
  coupon: ['discount', 'code'],
  promo: ['discount'],
  price: ['price', 'variant'],
};

/** Verbs that ask to change data when they open a request (`Close issue 5`, `please archive it`). */
export const ACTION_VERBS: ReadonlySet<string> = new Set(
  `add create update change alter switch toggle reset delete remove modify edit rename insert upsert archive unarchive cancel submit publish unpublish assign unassign
  invite revoke approve reject dismiss enable disable activate deactivate reopen close merge land star unstar pin unpin follow unfollow
  subscribe unsubscribe lock unlock block unblock transfer duplicate clone copy refund fulfill ship capture void hide unhide minimize
  unminimize mute unmute snooze resolve unresolve revert mark convert combine raise lower increase decrease adjust attach detach upload
  erase destroy drop discard trash wipe pause resume hold release move nest put take make start set write send email notify reply
  react upvote tag label charge verify confirm complete finish stop ask let require rerun retry restore install uninstall grant deny
  accept decline withdraw replace reorder sort schedule comment issue post file open draft redirect forward`
    .split(/\s+/)
    .filter((w) => w.length > 0),
);

/**
 * The one-word verbs of the verb classes (VERB_CLASSES) open a request like ACTION_VERBS, except
 * the verbs that hand over information (`give`, `hand`: `Give me ...`); those that are as often
 * nouns or adjectives are in AMBIGUOUS_VERBS too.
 */
export const CLASS_VERBS_AMBIGUOUS: ReadonlySet<string> = new Set(
  'new post log record build end process link message patch trigger pay empty leave launch deploy join continue'.split(' '),
);

/**
 * Of those, words that are as often nouns or adjectives (`open orders`, `draft orders`, `comment
 * threads`): they open a request only when the next word is not a plural noun or a participle.
 */
export const AMBIGUOUS_VERBS: ReadonlySet<string> = new Set(
  'open draft comment label tag set release hold mark post file issue copy block lock star pin move drop start order return charge request review test run search stop sort email send close merge update refund forward'.split(
    ' ',
  ),
);

/** Words that may come before the verb of a request: `please`, `can you`, `I want to`, `how do I`. */
export const LEAD_INS: readonly (readonly string[])[] = [
  ['please'],
  ['kindly'],
  ['just'],
  ['now'],
  ['then'],
  ['and'],
  ['also'],
  ['so'],
  ['pls'],
  ['can', 'you'],
  ['could', 'you'],
  ['would', 'you'],
  ['will', 'you'],
  ['can', 'i'],
  ['could', 'i'],
  ['i', 'want', 'to'],
  ['i', 'want', 'you', 'to'],
  ['i', 'need', 'to'],
  ['we', 'need', 'to'],
  ['i', 'd', 'like', 'to'],
  ['i', 'would', 'like', 'to'],
  ['we', 'want', 'to'],
  ['need', 'to'],
  ['want', 'to'],
  ['try', 'to'],
  ['help', 'me'],
  ['let', 's'],
  ['lets'],
  ['let', 'us'],
  ['go', 'ahead', 'and'],
  ['how', 'do', 'i'],
  ['how', 'can', 'i'],
  ['how', 'to'],
  ['how', 'would', 'i'],
  ['how', 'should', 'i'],
  ['is', 'it', 'possible', 'to'],
];

/** Phrases that ask to change data wherever they stand in a request (`... give them their money back`). */
export const ACTION_ANYWHERE: ReadonlySet<string> = new Set([
  'money back',
  'give back',
  'pay back',
  'get rid of',
  'stop sending',
  'stop following',
  'call off',
]);

/**
 * Classes of actions (docs/search-quality.md "Verb classes"): general English verbs, and the
 * particles that make them phrasal verbs, grouped by what they do to data. A verb may be in more
 * than one class (`add` creates or attaches; `stop` cancels or pauses). A request and a mutation
 * agree when the verb that opens the request and a word of the mutation's name, or the first word
 * of its description ("Pause an agent", "Adds an emoji award"), share a class.
 */
export const VERB_CLASSES: Readonly<Record<string, readonly string[]>> = {
  create:
    'create, add, new, make, insert, post, open, start, register, generate, write, file, issue, leave, record, log, submit, set up, build, compose, draft'.split(
      ', ',
    ),
  attach: 'add, attach, append, include, put, link, connect, nest, associate, join, bind, apply, use'.split(', '),
  update:
    'update, set, change, edit, modify, rename, adjust, raise, lower, increase, decrease, bump, promote, demote, mark, replace, toggle, switch, patch, alter, configure, move, transfer, reorder'.split(
      ', ',
    ),
  delete:
    'delete, remove, destroy, erase, drop, discard, trash, wipe, clear, empty, purge, detach, unlink, disconnect, unassign, take off, take out, get rid of'.split(
      ', ',
    ),
  run: 'run, rerun, retry, trigger, start, kick off, rebuild, restart, execute, launch, redeploy, deploy'.split(', '),
  approve: 'approve, accept, publish, confirm, verify, sign off, allow, authorize, grant, let through'.split(', '),
  reject: 'reject, decline, deny, refuse, dismiss, turn down, disallow'.split(', '),
  cancel: 'cancel, abort, stop, void, halt, call off, revoke, withdraw, terminate, end, shut down'.split(', '),
  pause: 'pause, hold, suspend, freeze, stop, block, mute, snooze'.split(', '),
  resume: 'resume, unpause, unblock, continue, release, unfreeze, unmute, restore, reactivate'.split(', '),
  archive: 'archive, shelve, hide, unpublish, unlist, retire'.split(', '),
  assign: 'assign, reassign, delegate, hand, give'.split(', '),
  send: 'send, email, notify, invite, message, remind, forward'.split(', '),
  pay: 'pay, pay out, refund, charge, capture, reimburse, process, settle'.split(', '),
};
