export { COSMO_DEMO, GITHUB, SHOPIFY_ADMIN, fixtureSchema, readFixture } from './fixtures.js';
export { LexicalSchemaIndex, fixtureIndex } from './lexical-schema-index.js';
