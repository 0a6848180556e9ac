// Browser tests: Playwright driving the system Chromium against the real app. One file at a time. As in
// package.json's ava config, a deprecation fails its test (pg's warning for queries overlapping on a transaction).
export default {
  files: ['test/e2e/**/*.test.ts', 'test/e2e/**/*.test.tsx'],
  extensions: { ts: 'module', tsx: 'module' },
  nodeArguments: ['--import=tsx', '--throw-deprecation'],
  workerThreads: false,
  concurrency: 1,
  timeout: '120s',
};
