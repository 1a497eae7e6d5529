#!/usr/bin/env node
/**
 * Prints the configuration documentation generated from the variable
 * definitions: `table` (markdown for the README) or `env` (the content of
 * `.env.example`). Needs the built library: `npm run build` first.
 *   node libs/config/scripts/config-docs.mjs table
 *   node libs/config/scripts/config-docs.mjs env > .env.example
 */
import { configTable, envExample } from '../dist/index.js';

const what = process.argv[2];
if (what === 'table') process.stdout.write(configTable());
else if (what === 'env') process.stdout.write(envExample());
else {
  process.stderr.write('usage: config-docs.mjs table|env\n');
  process.exit(2);
}
