/** One jest run for every workspace: unit tests beside the code, integration tests in test/. */
const swc = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2023' },
    module: { type: 'commonjs' },
  },
];

module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: {
    '^@trustcircle/(contracts|service-kit|testing)$': '<rootDir>/packages/$1/src',
    '^@trustcircle/service-kit/static-server$':
      '<rootDir>/packages/service-kit/src/static-server.ts',
    '^@trustcircle/gateway$': '<rootDir>/gateway/src/service.ts',
    '^@trustcircle/(identity|communities|catalog|reviews)$': '<rootDir>/services/$1/src/service.ts',
  },
  testMatch: ['<rootDir>/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/.data/', '<rootDir>/test/chaos/'],
  globalSetup: '<rootDir>/packages/testing/src/global-setup.ts',
  testTimeout: 30_000,
  maxWorkers: 2,
  reporters: ['default', '<rootDir>/packages/testing/src/summary-reporter.js'],
};
