#!/usr/bin/env node
// The MCP bridge (apps/mcp-bridge) for MCP client configs, e.g.
//   { "command": "npx", "args": ["discovery-mcp", "--stdio", "--schema", "schema.graphql"] }
// Built output: run `npm run build` first. Needs Node >= 24.
import '../dist/main.js';
