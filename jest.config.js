/**
 * One jest run for the whole monorepo. Tests import workspace libraries by
 * name (`@discovery/x`); the mapper points them at the TypeScript sources so no
 * build is needed to test. ESM throughout (run with --experimental-vm-modules).
 */
const swc = {
  swcrc: false,
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2023',
    keepClassNames: true,
  },
  module: { type: 'es6' },
};

export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', swc] },
  moduleNameMapper: {
    '^@discovery/([a-z0-9-]+)$': '<rootDir>/libs/$1/src/index.ts',
    '^@discovery/([a-z0-9-]+)/([a-z0-9-]+)$': '<rootDir>/libs/$1/src/$2/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testMatch: ['<rootDir>/{apps,libs,test}/**/*.{spec,int-spec,e2e-spec}.ts', '<rootDir>/bench/src/**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  testTimeout: 30000,
  maxWorkers: 2,
};
