// Rebuild unchained.graphql from the npm package @unchainedshop/api, which ships its schema as
// JavaScript modules exporting arrays of SDL strings (lib/schema/*.js). The package's own
// buildDefaultTypeDefs (lib/schema/index.js) joins the same modules and extends three enums at run
// time: RoleAction with the package's role actions (the `actions` array of lib/roles/index.js, read
// here as text because that module imports other packages), EventType and WorkType with the events
// and workers that plugins register (left at their placeholder value UNKNOWN here).
//
//   npm pack @unchainedshop/api@4.8.27 && tar xzf unchainedshop-api-4.8.27.tgz
//   node_modules/.bin/node bench/data/blind/schemas/assemble-unchained.mjs package
//
// The joined SDL is built with graphql-js buildSchema and printed with printSchema (descriptions
// kept), so the stored file is one valid, self-contained document.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { buildSchema, printSchema, validateSchema } from 'graphql';

const pkg = process.argv[2];
if (!pkg) {
  console.error('usage: assemble-unchained.mjs <extracted package folder>');
  process.exit(2);
}
const schemaDir = path.resolve(pkg, 'lib/schema');
const parts = ['scalars.js', 'directives.js', 'types/index.js', 'inputTypes.js', 'query.js', 'mutation.js'];
const sdl = [];
for (const part of parts) {
  const mod = await import(pathToFileURL(path.join(schemaDir, part)).href);
  sdl.push(...mod.default);
}
const rolesSource = fs.readFileSync(path.resolve(pkg, 'lib/roles/index.js'), 'utf8');
const actionsList = /const actions = \[([^\]]*)\]/.exec(rolesSource);
if (!actionsList) throw new Error('no actions array in lib/roles/index.js');
const actions = [...actionsList[1].matchAll(/'([A-Za-z]+)'/g)].map((m) => m[1]);
sdl.push(`extend enum RoleAction { ${actions.join(' ')} }`);
const schema = buildSchema(sdl.join('\n'));
const errors = validateSchema(schema);
if (errors.length) {
  console.error(errors.map((e) => e.message).join('\n'));
  process.exit(1);
}
const out = path.join(path.dirname(fileURLToPath(import.meta.url)), 'unchained.graphql');
fs.writeFileSync(out, printSchema(schema) + '\n');
console.log(`wrote ${out}`);
