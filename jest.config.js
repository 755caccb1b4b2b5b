/** One jest run for every workspace: unit tests beside the code, integration tests in test/. */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2023',
    },
    module: { type: 'commonjs' },
  },
];

module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: {
    '^@trustcircle/(contracts|http-server|service-kit|testing)$': '<rootDir>/packages/$1/src',
    // The browser's subpath imports of the contracts (webpack aliases them the same way).
    '^@trustcircle/contracts/(users|communities|reviews|catalog|moderation|constants|frontends|account|email-change|account-leave|social)$':
      '<rootDir>/packages/contracts/src/$1.ts',
    '^@trustcircle/gateway$': '<rootDir>/gateway/src/service.ts',
    '^@trustcircle/(identity|communities|catalog|reviews|social)$':
      '<rootDir>/services/$1/src/service.ts',
  },
  // Component tests (*.test.tsx) choose jsdom in their docblock (`@jest-environment jsdom`).
  testMatch: ['<rootDir>/**/*.test.ts', '<rootDir>/**/*.test.tsx'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/.data/', '<rootDir>/test/chaos/'],
  globalSetup: '<rootDir>/packages/testing/src/global-setup.ts',
  setupFiles: ['<rootDir>/packages/ui/src/jsdom-setup.ts'],
  testTimeout: 30_000,
  maxWorkers: 2,
  reporters: ['default', '<rootDir>/packages/testing/src/summary-reporter.js'],
};
