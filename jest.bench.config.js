/**
 * Benchmarks that reuse test sources (the chaos cluster runs the platform as real processes),
 * so they need jest's TypeScript transform; `npm run bench` starts them (bench/scenarios).
 */
const base = require('./jest.config.js');

module.exports = {
  ...base,
  testMatch: ['<rootDir>/bench/**/*.bench.ts'],
  maxWorkers: 1,
  testTimeout: 1_200_000,
  reporters: ['default'],
};
