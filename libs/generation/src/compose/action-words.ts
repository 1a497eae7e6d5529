/**
 * The verbs mutations are named with, grouped into families of everyday
 * paraphrases (docs/composer.md "Mutations"): a request covers a mutation's
 * verb when it uses a word of one of the verb's families. Written from common
 * API verbs and plain English, not from any benchmark row. Destructive verbs
 * are marked: a mutation named with one is composed only when the request
 * itself uses a word of that verb's family.
 */
import { stem } from './prompt-words.js';

/** Each family: words (as stems are compared) that ask for the same kind of change. */
const FAMILIES: readonly (readonly string[])[] = [
  ['create', 'add', 'insert', 'register'],
  ['add', 'put'],
  ['update', 'change', 'edit', 'modify', 'alter', 'rename', 'raise', 'lower', 'increase', 'decrease', 'bump'],
  ['set', 'change'],
  ['delete', 'remove', 'destroy', 'erase', 'purge'],
  ['remove', 'detach', 'unassign', 'unlink'],
  ['cancel', 'abort', 'void', 'stop', 'terminate', 'end'],
  ['revoke', 'withdraw', 'rescind'],
  ['unpublish', 'unlist', 'delist'],
  ['disable', 'deactivate'],
  ['enable', 'activate'],
  ['retry', 'rerun', 'redo', 'rebuild'],
  ['copy', 'duplicate', 'clone'],
  ['approve', 'accept'],
  ['reject', 'decline', 'deny'],
  ['pause', 'suspend', 'hold'],
  ['resume', 'unpause'],
  ['star', 'bookmark', 'favorite', 'favourite'],
  ['unstar', 'unfavorite', 'unbookmark'],
  ['follow', 'watch'],
  ['unfollow', 'unwatch'],
  ['refund', 'reimburse'],
  ['fulfill', 'ship'],
  ['comment', 'reply'],
  ['label', 'tag'],
  ['reorder', 'sort'],
  ['archive'],
  ['unarchive', 'restore'],
  ['publish'],
  ['close'],
  ['reopen'],
  ['merge', 'combine'],
  ['invite', 'invitation'],
  ['send', 'email'],
  ['lock'],
  ['unlock'],
  ['pin'],
  ['unpin'],
  ['transfer', 'move'],
  ['capture', 'charge'],
  ['react', 'reaction'],
  ['schedule'],
  ['install'],
  ['uninstall'],
  ['attach', 'link'],
  ['login'],
  ['logout'],
  ['reset'],
  ['import'],
  ['export'],
  ['apply'],
  ['grant'],
  ['convert'],
  ['assign'],
  ['mark'],
  ['block'],
  ['unblock'],
  ['subscribe'],
  ['unsubscribe', 'mute'],
  ['verify', 'confirm', 'accept'],
  ['submit'],
  ['upload'],
  ['rename'],
  ['clear'],
  ['rebuild'],
  ['complete', 'finish'],
  ['resolve'],
  ['stop', 'shut', 'halt'],
  ['start'],
  ['hide', 'minimize'],
  ['unhide', 'unminimize'],
  ['dismiss'],
  ['request', 'ask'],
  ['generate'],
  ['open'],
  ['upsert'],
  ['save'],
  ['like'],
  ['unlike'],
];

/** Verbs whose mutations lose or withdraw data or access: never composed unless the request asks for one of their family. */
const DESTRUCTIVE = new Set(
  [
    'delete',
    'remove',
    'destroy',
    'erase',
    'purge',
    'clear',
    'cancel',
    'abort',
    'void',
    'kill',
    'revoke',
    'archive',
    'unpublish',
    'disable',
    'deactivate',
    'suspend',
    'detach',
    'unassign',
    'unlink',
    'reject',
    'decline',
    'deny',
    'dismiss',
    'block',
    'lock',
    'uninstall',
    'unfollow',
    'unsubscribe',
    'unstar',
    'unpin',
    'unlike',
    'reset',
    'close',
    'logout',
    'stop',
    'wipe',
    'shut',
    'halt',
    'end',
    'drop',
    'discard',
    'trash',
    'terminate',
    'expire',
    'invalidate',
    'withdraw',
    'rescind',
    'unlist',
    'delist',
    'hide',
    'kick',
    'ban',
    'unregister',
    'unshare',
    'unverify',
  ].map(stem),
);

const familiesByStem = new Map<string, Set<string>>();
for (const family of FAMILIES) {
  const stems = family.map(stem);
  for (const member of stems) {
    const joined = familiesByStem.get(member) ?? new Set<string>();
    for (const other of stems) joined.add(other);
    familiesByStem.set(member, joined);
  }
}

/** Verbs that only say "make one" (`addStar` stars, `createAddOn` makes an add-on): never the whole of a mutation's action. */
const LIGHT = new Set(['add', 'create', 'new'].map(stem));

export function isLightStem(word: string): boolean {
  return LIGHT.has(word);
}

/** Whether a name word (a stem) is a verb mutations are named with. */
export function isActionStem(word: string): boolean {
  return familiesByStem.has(word) || DESTRUCTIVE.has(word);
}

/** Whether a verb (a stem) loses or withdraws data or access. */
export function isDestructiveStem(word: string): boolean {
  return DESTRUCTIVE.has(word);
}

/** The verb itself and its paraphrases (stems). */
export function paraphrasesOf(verb: string): ReadonlySet<string> {
  return familiesByStem.get(verb) ?? new Set([verb]);
}

/** Whether the request's word stems use `verb` or one of its paraphrases. */
export function coversVerb(verb: string, promptStems: ReadonlySet<string>): boolean {
  for (const word of paraphrasesOf(verb)) if (promptStems.has(word)) return true;
  return promptStems.has(verb);
}

/** Whether the request's words use `verb` itself or a word of its family that is destructive too (asks for that kind of loss). */
export function asksForDestructive(verb: string, promptStems: ReadonlySet<string>): boolean {
  if (promptStems.has(verb)) return true;
  for (const word of paraphrasesOf(verb)) if (DESTRUCTIVE.has(word) && promptStems.has(word)) return true;
  return false;
}
