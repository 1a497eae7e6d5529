/**
 * `npm run test:package`: a fresh clone (npm ci with the machine's npm, then npm start), and the
 * npm package (npm pack, installed globally into a private prefix, run from another folder).
 * Needs the npm registry (or its cache) and minutes; not part of `npm test` (files `*.package.ts`).
 */
import root from '../../jest.config.js';

export default {
  ...root,
  rootDir: '../..',
  testMatch: ['<rootDir>/test/package/**/*.package.ts'],
  testTimeout: 600_000,
  maxWorkers: 1,
};
