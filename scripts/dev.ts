/** `npm run dev`: rebuilds islands on change and restarts the server on change (tsx watch). */
import { spawn } from 'node:child_process';
import { buildIslands, watchIslands } from './build';

await buildIslands();
await watchIslands();
const server = spawn(process.execPath, ['--import=tsx', '--watch', '--watch-preserve-output', 'src/server.ts'], {
  stdio: 'inherit',
});
const stop = () => {
  server.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
