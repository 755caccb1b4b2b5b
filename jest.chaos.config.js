/** `npm run test:chaos`: the fault scenarios, one at a time, apart from `npm test` (test/chaos). */
const base = require('./jest.config.js');

module.exports = {
  ...base,
  testMatch: ['<rootDir>/test/chaos/**/*.test.ts'],
  testPathIgnorePatterns: base.testPathIgnorePatterns.filter((p) => !p.includes('test/chaos')),
  maxWorkers: 1,
  testTimeout: 240_000,
};
