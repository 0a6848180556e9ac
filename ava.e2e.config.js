// Browser tests: Playwright driving the system Chromium against the real app. One file at a time.
export default {
  files: ['test/e2e/**/*.test.ts', 'test/e2e/**/*.test.tsx'],
  extensions: { ts: 'module', tsx: 'module' },
  nodeArguments: ['--import=tsx'],
  workerThreads: false,
  concurrency: 1,
  timeout: '120s',
};
