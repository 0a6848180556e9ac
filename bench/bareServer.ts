/**
 * The limit for `npm run bench -- profile`: a bare Koa app (no middleware, no routing, no rendering) that answers
 * every request with the same gzipped HTML bytes, read once from a file into memory.
 *
 * Usage: tsx bench/bareServer.ts FILE PORT   (FILE holds the gzip-encoded body; prints "listening PORT")
 */
import fs from 'node:fs';
import Koa from 'koa';
import { createHttpServer } from '../src/http/nodeServer';

const [file, portArg] = process.argv.slice(2);
if (!file || !portArg) {
  console.error('usage: tsx bench/bareServer.ts FILE PORT');
  process.exit(2);
}
const body = fs.readFileSync(file);

const app = new Koa();
app.use((ctx) => {
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Content-Encoding', 'gzip');
  ctx.set('Vary', 'Accept-Encoding');
  ctx.body = body;
});

const server = createHttpServer(app.callback());
server.listen(Number(portArg), '127.0.0.1', () => console.log(`listening ${portArg}`));
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => process.exit(0));
