#!/usr/bin/env node
// The `discovery` command (apps/cli). In a checkout, built output: run `npm run build` first.
// Needs Node.js 24 or newer (a checkout brings it: npx discovery uses node_modules/.bin/node).
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  process.stderr.write(`discovery: needs Node.js 24 or newer, this is ${process.version} (${process.execPath}).\n`);
  process.exit(2);
}
await import('../dist/main.js');
