/**
 * The long reliability runs (`npm run test:reliability`): the root jest
 * setup, matching only `test/reliability/**\/*.reliability.ts`, one file at
 * a time (they start processes, private redis-servers and load), with long
 * hard caps. Each run prints its figures; `npm test` never runs these.
 */
import root from '../../jest.config.js';

export default {
  ...root,
  rootDir: '../..',
  testMatch: ['<rootDir>/test/reliability/**/*.reliability.ts'],
  testTimeout: 600_000,
  maxWorkers: 1,
};
