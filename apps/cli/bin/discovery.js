#!/usr/bin/env node
// The `discovery` command (apps/cli). In a checkout, built output: run `npm run build` first.
// Needs Node.js 22 or newer: the LTS releases 22 and 24 (a checkout brings 24: npx discovery uses
// node_modules/.bin/node).
const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  process.stderr.write(
    `discovery: needs Node.js 22 or newer, this is ${process.version} (${process.execPath}).\n` +
      'Install Node.js 24 (or 22), the LTS releases: https://nodejs.org/en/download (or `nvm install 24`), then run it again.\n',
  );
  process.exit(2);
}
await import('../dist/main.js');
