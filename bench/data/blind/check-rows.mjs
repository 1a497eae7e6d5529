// Check the blind evaluation rows of bench/data/blind and derive read.jsonl from read.source.jsonl.
//
//   node_modules/.bin/node bench/data/blind/check-rows.mjs          # check, then write read.jsonl
//   node_modules/.bin/node bench/data/blind/check-rows.mjs --check  # check only; fails if read.jsonl is stale
//
// Checks (any failure exits 1 and writes nothing):
//   - every schema in schemas/ builds with graphql-js buildSchema (strict SDL validation); a schema
//     that then fails a type-system rule of graphql-js 17 is reported and rebuilt with assumeValid so
//     that operations are still checked against every operation validation rule;
//   - write.jsonl: ids unique and numbered 01.. per schema, style nl|kw|name, at least one target,
//     every target `Root.field` names a field of that schema's mutation root type;
//   - read.source.jsonl: ids unique, every gold operation parses, is a query and passes `validate`;
//   - every row's `split` follows the rule in SOURCES.md (recomputed here from the id).
// Derived for each read row (same walk as scripts/derive-slice-rows.mjs, TypeInfo + visitWithTypeInfo):
//   mustInclude: every selected field but __typename as `Parent.field`, every argument used as
//     `Parent.field(arg:)`, every type condition as the bare type name; first-seen order, no duplicates;
//   targetFields: the selected leaf fields (scalar or enum type) as `Parent.field`;
//   targetTypes: the parent types of targetFields; mustExclude: ["Mutation"] (no mutation answers a read).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildSchema,
  validateSchema,
  parse,
  print,
  validate,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  Kind,
  getNamedType,
  isLeafType,
} from 'graphql';

const dir = path.dirname(fileURLToPath(import.meta.url));
const checkOnly = process.argv.includes('--check');
const HELDOUT_SCHEMAS = new Set(['flyio', 'lago']);
const failures = [];

const readJsonl = (file) =>
  fs
    .readFileSync(path.join(dir, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l, i) => {
      try {
        return JSON.parse(l);
      } catch (e) {
        throw new Error(`${file}:${i + 1}: ${e.message}`);
      }
    });

const schemas = new Map();
for (const file of fs.readdirSync(path.join(dir, 'schemas')).filter((f) => f.endsWith('.graphql')).sort()) {
  const id = file.replace(/\.graphql$/, '');
  const sdl = fs.readFileSync(path.join(dir, 'schemas', file), 'utf8');
  let schema;
  try {
    schema = buildSchema(sdl);
  } catch (e) {
    failures.push(`schema ${id} does not build: ${e.message}`);
    continue;
  }
  const typeErrors = validateSchema(schema);
  if (typeErrors.length) {
    console.warn(`note: ${id} builds, but fails ${typeErrors.length} graphql-js type-system rule(s):`);
    for (const e of typeErrors) console.warn(`  - ${e.message}`);
    console.warn('  rebuilt with assumeValid: true; operations are still validated');
    schema = buildSchema(sdl, { assumeValid: true });
  }
  schemas.set(id, { schema, bytes: Buffer.byteLength(sdl) });
}

function expectedSplit(row) {
  const n = Number(/-[wr](\d+)/.exec(row.id)?.[1]);
  return HELDOUT_SCHEMAS.has(row.schemaId) || n % 10 === 0 ? 'heldout' : 'dev';
}

function checkCommon(row, kind, seen, counters) {
  if (seen.has(row.id)) failures.push(`${row.id}: duplicate id`);
  seen.add(row.id);
  if (!schemas.has(row.schemaId)) failures.push(`${row.id}: unknown schema ${row.schemaId}`);
  if (!['nl', 'kw', 'name'].includes(row.style)) failures.push(`${row.id}: bad style ${row.style}`);
  const next = (counters.get(row.schemaId) ?? 0) + 1;
  counters.set(row.schemaId, next);
  const m = new RegExp(`^${row.schemaId}-${kind}(\\d{2})(-kw)?$`).exec(row.id);
  if (!m || Number(m[1]) !== next) failures.push(`${row.id}: expected id ${row.schemaId}-${kind}${String(next).padStart(2, '0')}`);
  if (kind === 'r' && Boolean(m?.[2]) !== (row.style === 'kw')) failures.push(`${row.id}: -kw suffix must match style kw`);
  if (row.split !== expectedSplit(row)) failures.push(`${row.id}: split ${row.split}, the rule gives ${expectedSplit(row)}`);
  if (!row.query?.trim()) failures.push(`${row.id}: empty query`);
}

const writeRows = readJsonl('write.jsonl');
{
  const seen = new Set();
  const counters = new Map();
  for (const row of writeRows) {
    checkCommon(row, 'w', seen, counters);
    const mutationType = schemas.get(row.schemaId)?.schema.getMutationType();
    if (!Array.isArray(row.targets) || row.targets.length === 0) failures.push(`${row.id}: no targets`);
    for (const t of row.targets ?? []) {
      const [root, field, ...rest] = t.split('.');
      if (!mutationType || root !== mutationType.name || rest.length || !mutationType.getFields()[field]) {
        failures.push(`${row.id}: target ${t} is not a field of the mutation root ${mutationType?.name}`);
      }
    }
    if (new Set(row.targets).size !== row.targets?.length) failures.push(`${row.id}: repeated target`);
  }
}

function derive(schema, doc) {
  const typeInfo = new TypeInfo(schema);
  const mustInclude = [];
  const targetFields = [];
  const targetTypes = [];
  const add = (list, c) => {
    if (!list.includes(c)) list.push(c);
  };
  visit(
    doc,
    visitWithTypeInfo(typeInfo, {
      [Kind.FIELD](node) {
        const name = node.name.value;
        if (name === '__typename') return;
        const parent = typeInfo.getParentType();
        const def = typeInfo.getFieldDef();
        if (!parent || !def) throw new Error(`unknown field ${name}`);
        add(mustInclude, `${parent.name}.${name}`);
        for (const arg of node.arguments ?? []) add(mustInclude, `${parent.name}.${name}(${arg.name.value}:)`);
        if (isLeafType(getNamedType(def.type))) {
          add(targetFields, `${parent.name}.${name}`);
          add(targetTypes, parent.name);
        }
      },
      [Kind.INLINE_FRAGMENT](node) {
        if (node.typeCondition) add(mustInclude, node.typeCondition.name.value);
      },
      [Kind.FRAGMENT_DEFINITION](node) {
        add(mustInclude, node.typeCondition.name.value);
      },
    }),
  );
  return { targetFields, targetTypes, mustInclude };
}

// graphql-js prints an anonymous query as the `{ ... }` shorthand; keep the `query` keyword, as the
// other bench data does.
const printOperation = (doc) => {
  const text = print(doc);
  return (text.startsWith('{') ? `query ${text}` : text) + '\n';
};

const readRows = readJsonl('read.source.jsonl');
const derived = [];
{
  const seen = new Set();
  const counters = new Map();
  for (const row of readRows) {
    checkCommon(row, 'r', seen, counters);
    const entry = schemas.get(row.schemaId);
    if (!entry) continue;
    let doc;
    try {
      doc = parse(row.operation);
    } catch (e) {
      failures.push(`${row.id}: parse error: ${e.message}`);
      continue;
    }
    const ops = doc.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
    if (ops.length !== 1 || ops[0].operation !== 'query') failures.push(`${row.id}: the gold must be one query`);
    const errors = validate(entry.schema, doc);
    if (errors.length) {
      failures.push(`${row.id}: ${errors.map((e) => e.message).join(' | ')}`);
      continue;
    }
    derived.push({
      id: row.id,
      schemaId: row.schemaId,
      query: row.query,
      operation: printOperation(doc),
      ...derive(entry.schema, doc),
      mustExclude: ['Mutation'],
      style: row.style,
      split: row.split,
    });
  }
}

if (failures.length) {
  console.error(failures.join('\n'));
  console.error(`${failures.length} problem(s); nothing written`);
  process.exit(1);
}

const outFile = path.join(dir, 'read.jsonl');
const text = derived.map((r) => JSON.stringify(r)).join('\n') + '\n';
if (checkOnly) {
  const current = fs.existsSync(outFile) ? fs.readFileSync(outFile, 'utf8') : '';
  if (current !== text) {
    console.error('read.jsonl is stale: run check-rows.mjs without --check');
    process.exit(1);
  }
} else {
  fs.writeFileSync(outFile, text);
}

// Per-schema summary: sizes, then rows by kind, style and split.
const table = [];
for (const [id, { schema, bytes }] of schemas) {
  const types = Object.values(schema.getTypeMap()).filter((t) => !t.name.startsWith('__'));
  let fields = 0;
  for (const t of types) if ('getFields' in t) fields += Object.keys(t.getFields()).length;
  const count = (rows, pred) => rows.filter((r) => r.schemaId === id && pred(r)).length;
  const styles = (rows) => ['nl', 'kw', 'name'].map((s) => count(rows, (r) => r.style === s)).join('/');
  table.push({
    schema: id,
    bytes,
    types: types.length,
    fields,
    mutations: Object.keys(schema.getMutationType()?.getFields() ?? {}).length,
    write: count(writeRows, () => true),
    'write nl/kw/name': styles(writeRows),
    read: count(derived, () => true),
    'read nl/kw/name': styles(derived),
    heldout: count([...writeRows, ...derived], (r) => r.split === 'heldout'),
  });
}
console.table(table);
const all = [...writeRows, ...derived];
const held = all.filter((r) => r.split === 'heldout').length;
console.log(
  `${writeRows.length} write rows, ${derived.length} read rows (all gold operations valid, all targets exist); ` +
    `held-out ${held} of ${all.length} (${((100 * held) / all.length).toFixed(1)} %)` +
    (checkOnly ? '; read.jsonl up to date' : ` -> ${path.relative(process.cwd(), outFile)}`),
);
