/**
 * Routers chosen by a path segment (src/http/routesBySegment.ts) answer every request as walking all of them in
 * order would: the same route, the same order when two could answer, parameters and patterns in any segment,
 * case-insensitive and trailing-slash matches, and nothing for a path no route has.
 */
import Router from '@koa/router';
import test from 'ava';
import Koa from 'koa';
import { routesBySegment } from '../../src/http/routesBySegment';

function routers(): Router[] {
  const auth = new Router({ prefix: '/api/auth' });
  auth.get('/me', (ctx) => void (ctx.body = 'auth me'));
  auth.post('/login', (ctx) => void (ctx.body = 'auth login'));
  const departments = new Router();
  departments.get('/api/departments/user', (ctx) => void (ctx.body = 'departments user'));
  departments.get('/api/departments/:id', (ctx) => void (ctx.body = `department ${ctx.params.id}`));
  const anywhere = new Router();
  anywhere.get('/api/:kind/things', (ctx) => void (ctx.body = `things of ${ctx.params.kind}`));
  const later = new Router();
  later.get('/api/auth/me', (ctx) => void (ctx.body = 'shadowed'));
  later.get('/api/late', (ctx) => void (ctx.body = 'late'));
  later.get('/api', (ctx) => void (ctx.body = 'api root'));
  return [auth, departments, anywhere, later];
}

/** What walking every router in order answers (the old way), and what the segment choice answers. */
async function both(method: string, path: string): Promise<[unknown, unknown]> {
  const answer = async (middleware: Koa.Middleware) => {
    const app = new Koa();
    const ctx = app.createContext(
      { method, url: path, headers: {}, socket: {} } as never,
      { setHeader() {}, getHeader() {}, removeHeader() {} } as never,
    );
    let fellThrough = false;
    await middleware(ctx, async () => {
      fellThrough = true;
    });
    return fellThrough ? 'next' : ctx.body;
  };
  const all = routers().map((router) => router.routes() as Koa.Middleware);
  const walkAll: Koa.Middleware = (ctx, next) => {
    const step = (i: number): Promise<unknown> =>
      i === all.length ? next() : Promise.resolve(all[i]!(ctx, () => step(i + 1)));
    return step(0) as Promise<void>;
  };
  return [await answer(walkAll), await answer(routesBySegment(routers(), 2))];
}

const requests: [string, string][] = [
  ['GET', '/api/auth/me'],
  ['GET', '/API/Auth/ME'],
  ['GET', '/api/auth/me/'],
  ['POST', '/api/auth/login'],
  ['GET', '/api/auth/login'],
  ['GET', '/api/departments/user'],
  ['GET', '/api/departments/42'],
  ['GET', '/api/departments/things'],
  ['GET', '/api/widgets/things'],
  ['GET', '/api/late'],
  ['GET', '/api'],
  ['GET', '/api/'],
  ['GET', '/api/%61uth/me'],
  ['GET', '/api/nothing'],
  ['GET', '/api//auth/me'],
];

for (const [method, path] of requests) {
  test(`${method} ${path}: the same answer as walking every router`, async (t) => {
    const [walked, chosen] = await both(method, path);
    t.deepEqual(chosen, walked);
  });
}

test('the checks above can tell answers apart', async (t) => {
  t.deepEqual(await both('GET', '/api/auth/me'), ['auth me', 'auth me']);
  t.deepEqual(await both('GET', '/api/widgets/things'), ['things of widgets', 'things of widgets']);
  t.deepEqual(await both('GET', '/api/nothing'), ['next', 'next']);
});
