/**
 * `npm run test:cluster` (scripts/test-cluster.ts starts the cluster and sets TEST_REDIS_URL): the
 * storage suites (contract suites through the Redis adapters and the Nest transports, the BullMQ queue, createStorage), the
 * indexer e2e specs and the cluster-only specs (`*.cluster-spec.ts`: slot migration under load,
 * event order) against a 3-master Redis Cluster. The root config's transform and mapper.
 */
import base from '../../jest.config.js';

export default {
  ...base,
  rootDir: '../..',
  testMatch: [
    '<rootDir>/libs/storage/src/**/*.int-spec.ts',
    '<rootDir>/libs/nest-modules/src/events/*.int-spec.ts',
    '<rootDir>/apps/indexer/test/**/*.e2e-spec.ts',
    '<rootDir>/{apps,libs,test}/**/*.cluster-spec.ts',
  ],
  testTimeout: 60000,
};
