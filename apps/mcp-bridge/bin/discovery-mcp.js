#!/usr/bin/env node
// The MCP bridge (apps/mcp-bridge), for MCP client configurations:
//   { "command": "discovery-mcp", "args": ["--stdio", "--schema", "/abs/path/schema.graphql"] }
// after `npm install -g` of the packed project (README: "Connect an MCP client").
// In a checkout, built output: run `npm run build` first. Needs Node.js 22 or newer (22 and 24 LTS).
const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  process.stderr.write(
    `discovery-mcp: needs Node.js 22 or newer, this is ${process.version} (${process.execPath}).\n` +
      'Install Node.js 24 (or 22), the LTS releases: https://nodejs.org/en/download (or `nvm install 24`), then run it again.\n',
  );
  process.exit(2);
}
await import('../dist/main.js');
