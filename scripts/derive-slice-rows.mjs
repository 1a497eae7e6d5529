// Derive bench/data/slice-other/queries.jsonl from rows.source.jsonl.
//
// For each row: build the schema (buildSchema with assumeValidSDL), validate the gold operation,
// and collect mustInclude with TypeInfo + visitWithTypeInfo:
//   - every selected field except __typename -> "Parent.field" (Parent = parent type as named in the schema)
//   - every argument used on such a field     -> "Parent.field(arg:)"
//   - every inline fragment / fragment definition type condition -> bare type name
// Coordinates are kept in first-seen order, without duplicates.
//
// Run from the repository root:
//   node_modules/.bin/node scripts/derive-slice-rows.mjs
// Exits non-zero if a schema does not build or an operation does not validate.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSchema, validateSchema, parse, validate, TypeInfo, visit, visitWithTypeInfo, Kind } from 'graphql';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.join(root, 'bench/data/slice-other');
const schemaDir = path.join(root, 'test/fixtures/schemas');
const inFile = path.join(dataDir, 'rows.source.jsonl');
const outFile = path.join(dataDir, 'queries.jsonl');

const rows = fs
  .readFileSync(inFile, 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l));

// `validate` first asserts that the schema itself is valid. A schema that builds with assumeValidSDL
// but breaks a type-system rule (shopify-storefront: the deprecated MediaPresentation.id implements the
// non-deprecated Node.id, rejected by graphql-js 17) would make every row on it throw. For such a schema
// the type-system errors are printed and the schema is rebuilt with assumeValid as well, so that the
// operations are still checked against all operation validation rules.
const schemas = new Map();
function getSchema(schemaId) {
  if (!schemas.has(schemaId)) {
    const sdl = fs.readFileSync(path.join(schemaDir, `${schemaId}.graphql`), 'utf8');
    let schema = buildSchema(sdl, { assumeValidSDL: true });
    const typeErrors = validateSchema(schema);
    if (typeErrors.length) {
      console.warn(`note: ${schemaId} builds with assumeValidSDL but fails ${typeErrors.length} type-system rule(s):`);
      for (const e of typeErrors) console.warn(`  - ${e.message}`);
      console.warn('  rebuilt with assumeValid: true; operations are still validated');
      schema = buildSchema(sdl, { assumeValidSDL: true, assumeValid: true });
    }
    schemas.set(schemaId, schema);
  }
  return schemas.get(schemaId);
}

function deriveMustInclude(schema, doc) {
  const typeInfo = new TypeInfo(schema);
  const out = [];
  const seen = new Set();
  const add = (c) => {
    if (!seen.has(c)) {
      seen.add(c);
      out.push(c);
    }
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
        add(`${parent.name}.${name}`);
        for (const arg of node.arguments ?? []) add(`${parent.name}.${name}(${arg.name.value}:)`);
      },
      [Kind.INLINE_FRAGMENT](node) {
        if (node.typeCondition) add(node.typeCondition.name.value);
      },
      [Kind.FRAGMENT_DEFINITION](node) {
        add(node.typeCondition.name.value);
      },
    }),
  );
  return out;
}

const out = [];
const failures = [];
const ids = new Set();
for (const row of rows) {
  if (ids.has(row.id)) failures.push(`${row.id}: duplicate id`);
  ids.add(row.id);
  let schema;
  try {
    schema = getSchema(row.schemaId);
  } catch (e) {
    failures.push(`${row.id}: schema ${row.schemaId} does not build: ${e.message}`);
    continue;
  }
  let doc;
  try {
    doc = parse(row.operation);
  } catch (e) {
    failures.push(`${row.id}: parse error: ${e.message}`);
    continue;
  }
  const errors = validate(schema, doc);
  if (errors.length) {
    failures.push(`${row.id}: ${errors.map((e) => e.message).join(' | ')}`);
    continue;
  }
  out.push({
    id: row.id,
    schemaId: row.schemaId,
    query: row.query,
    operation: row.operation,
    mustInclude: deriveMustInclude(schema, doc),
  });
}

if (failures.length) {
  console.error(failures.join('\n'));
  console.error(`${failures.length} row(s) failed; ${outFile} not written`);
  process.exit(1);
}

fs.writeFileSync(outFile, `${out.map((r) => JSON.stringify(r)).join('\n')}\n`);

const bySchema = {};
let total = 0;
for (const r of out) {
  const k = r.schemaId;
  bySchema[k] ??= { nl: 0, kw: 0, mustInclude: 0 };
  bySchema[k][r.id.endsWith('-kw') ? 'kw' : 'nl']++;
  bySchema[k].mustInclude += r.mustInclude.length;
  total += r.mustInclude.length;
}
for (const [k, v] of Object.entries(bySchema)) {
  console.log(`${k}: ${v.nl + v.kw} rows (${v.nl} nl, ${v.kw} kw), mean mustInclude ${(v.mustInclude / (v.nl + v.kw)).toFixed(1)}`);
}
console.log(`total: ${out.length} rows, mean mustInclude ${(total / out.length).toFixed(2)} -> ${path.relative(root, outFile)}`);
