// Browser tests: Playwright driving the system Chromium against the real app. One file at a time.
export default {
  files: ['test/e2e/**/*.test.ts'],
  extensions: { ts: 'module' },
  nodeArguments: ['--import=tsx'],
  workerThreads: false,
  concurrency: 1,
  timeout: '120s',
};
