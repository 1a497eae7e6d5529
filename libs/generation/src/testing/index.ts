/** Generation's test helpers are the schema slice's fixtures and in-process index (a GenerationIndex too). */
export { COSMO_DEMO, GITHUB, SHOPIFY_ADMIN, LexicalSchemaIndex, fixtureIndex, fixtureSchema, readFixture } from '@discovery/schema-slice/testing';
