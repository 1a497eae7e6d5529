/**
 * searchHitRecord: the view of a record that a search hit shows. A record is
 * complete (symbol-records.ts); a list of hits is read by a model with a
 * limited context, so its records are kept small: descriptions are cut
 * (1,000 characters on the element, 300 on arguments, fields and values, 4,000
 * in total on the values of one enum; later value descriptions are left out)
 * and the record then says `"DescriptionShortened": true`. Lists stay whole
 * unless they hold more than HIT_LIST_BYTES (hostile schemas only: none of
 * GitHub's or Shopify Admin's come near); the entries beyond are counted in
 * `MoreFields`, `MoreArguments`, ... GetSymbols returns the whole record.
 */
import type { SymbolRecord } from './schema-symbol.js';
import { MAX_DESCRIPTION_CHARS, MAX_NESTED_DESCRIPTION_CHARS, truncate } from './symbol-text.js';

/** Total characters of value descriptions shown on one enum's hit. */
export const HIT_ENUM_VALUE_DESCRIPTION_CHARS = 4000;
/** UTF-8 bytes of list entries (fields, arguments, values, members) one hit shows at most. */
export const HIT_LIST_BYTES = 48 * 1024;

/** The list keys of records and the key that counts the entries a hit leaves out. */
const LISTS: Readonly<Record<string, string>> = {
  Args: 'MoreArguments',
  Fields: 'MoreFields',
  Values: 'MoreValues',
  Members: 'MoreMembers',
  Interfaces: 'MoreInterfaces',
  Implementations: 'MoreImplementations',
  Paths: 'MorePaths',
};

type Entry = { [key: string]: unknown };

interface Budget {
  /** Characters of enum value descriptions still to show. */
  values: number;
  /** Bytes of list entries still to show. */
  listBytes: number;
  /** A description or deprecation reason was cut or left out. */
  shortened: boolean;
  /** Anything differs from the record. */
  changed: boolean;
}

const views = new WeakMap<SymbolRecord, SymbolRecord>();

/** The record as a search hit shows it: the record itself when nothing needs shortening. */
export function searchHitRecord(record: SymbolRecord): SymbolRecord {
  let view = views.get(record);
  if (view === undefined) {
    view = shorten(record);
    views.set(record, view);
  }
  return view;
}

function shorten(record: SymbolRecord): SymbolRecord {
  const budget: Budget = { values: HIT_ENUM_VALUE_DESCRIPTION_CHARS, listBytes: HIT_LIST_BYTES, shortened: false, changed: false };
  const view: Entry = {};
  for (const [key, value] of Object.entries(record)) {
    const more = LISTS[key];
    if (key === 'Description' || key === 'Deprecated') {
      view[key] = cut(value, key === 'Description' ? MAX_DESCRIPTION_CHARS : MAX_NESTED_DESCRIPTION_CHARS, budget);
    } else if (more !== undefined && Array.isArray(value)) {
      const shown = shortList(value, key === 'Values', budget);
      view[key] = shown;
      if (shown.length < value.length) view[more] = value.length - shown.length;
    } else {
      view[key] = value;
    }
  }
  if (!budget.changed) return record;
  if (budget.shortened) view['DescriptionShortened'] = true;
  return view as SymbolRecord;
}

/** The entries of one list that fit the byte budget, their texts cut. */
function shortList(entries: readonly unknown[], enumValues: boolean, budget: Budget): unknown[] {
  const shown: unknown[] = [];
  for (const entry of entries) {
    const item = isEntry(entry) ? shortEntry(entry, enumValues, budget) : entry;
    const bytes = Buffer.byteLength(JSON.stringify(item)) + 1;
    if (bytes > budget.listBytes) {
      budget.listBytes = 0;
      budget.changed = true;
      break;
    }
    budget.listBytes -= bytes;
    shown.push(item);
  }
  return shown;
}

function shortEntry(entry: Entry, enumValue: boolean, budget: Budget): Entry {
  const description = entry['Description'];
  const deprecated = entry['Deprecated'];
  if (description === undefined && deprecated === undefined) return entry;
  const item: Entry = { ...entry };
  if (description !== undefined) {
    const text = cut(description, MAX_NESTED_DESCRIPTION_CHARS, budget);
    if (enumValue && typeof text === 'string' && text.length > budget.values) {
      delete item['Description'];
      budget.shortened = budget.changed = true;
    } else {
      item['Description'] = text;
      if (enumValue && typeof text === 'string') budget.values -= text.length;
    }
  }
  if (deprecated !== undefined) item['Deprecated'] = cut(deprecated, MAX_NESTED_DESCRIPTION_CHARS, budget);
  return item;
}

function cut(value: unknown, maxChars: number, budget: Budget): unknown {
  if (typeof value !== 'string' || value.length <= maxChars) return value;
  budget.shortened = budget.changed = true;
  return truncate(value, maxChars);
}

function isEntry(value: unknown): value is Entry {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
