#!/usr/bin/env node
// The `discovery` command (apps/cli). Built output: run `npm run build` first.
import '../dist/main.js';
