/**
 * Departments API (spec 01 §7). Every route needs a signed-in user; a user touches only their own links
 * (userDepartmentPolicy). Read as a table: path → guards → validated input → transaction → service → presenter.
 */
import { gzipSync } from 'node:zlib';
import Router from '@koa/router';
import type Koa from 'koa';
import type { AppContext } from '../http/appContext';
import { COMPRESSION_THRESHOLD_BYTES } from '../http/compression';
import { signedIn } from '../http/auth';
import type { SignedInContext, WriteContext } from '../http/context';
import { transaction } from '../http/transaction';
import { validate, type InputOf } from '../http/validate';
import type { Department } from '../models/Department';
import { pageEncoding } from '../pageCache/pageCache';
import { presentDepartment, presentUserDepartment, presentUserDepartments } from '../presenters/departments';
import {
  addUserDepartment,
  createUserDepartment,
  removeUserDepartment,
  updateUserDepartment,
} from '../services/departments/userDepartments';
import { latestRequestsOf } from '../services/verification/requests';
import { idParams } from '../validation/common';
import {
  departmentCreateSchema,
  departmentSearchQuery,
  userDepartmentAddSchema,
  userDepartmentUpdateSchema,
  type CreateDepartmentResponse,
} from '../validation/departments';

const search = { query: departmentSearchQuery };
const create = { body: departmentCreateSchema };
const add = { body: userDepartmentAddSchema };
const update = { params: idParams, body: userDepartmentUpdateSchema };
const remove = { params: idParams };

/**
 * A search answer as sent: every viewer who may see a department sees the same fields (presentDepartment), so a
 * kept answer (departmentReads.ts: the same frozen list for everyone) is presented, serialized and gzipped once.
 * Ten short rows compress to a third, once per kept answer rather than on every request.
 */
const encodedAnswers = new WeakMap<readonly Department[], { json: string; gzip: Buffer | null }>();

function sendSearchAnswer(ctx: Koa.Context, answer: readonly Department[], viewer: SignedInContext['state']['user']) {
  if (!Object.isFrozen(answer)) {
    // A fresh answer (nothing kept: the cache off) is asked for once: sent
    // as any answer is. Remembered in the WeakMap, it and its rows outlived the request until a full GC (V8 kept
    // them through scavenges), ~25% of what each scavenge promoted and a fifth of a cold search's p99.
    ctx.body = answer.map((department) => presentDepartment(department, viewer));
    return;
  }
  let encoded = encodedAnswers.get(answer);
  if (!encoded) {
    const json = JSON.stringify(answer.map((department) => presentDepartment(department, viewer)));
    encoded = { json, gzip: Buffer.byteLength(json) >= COMPRESSION_THRESHOLD_BYTES ? gzipSync(json) : null };
    encodedAnswers.set(answer, encoded);
  }
  ctx.compress = false;
  ctx.type = 'application/json; charset=utf-8';
  ctx.vary('Accept-Encoding');
  if (encoded.gzip && pageEncoding(ctx.get('Accept-Encoding'), ['gzip', 'identity']) === 'gzip') {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = encoded.gzip;
  } else ctx.body = encoded.json;
}

/**
 * `context.departmentReads`: what this node keeps of departments (made in src/app.ts; a test's second "node"
 * passes its own).
 */
export function departmentRoutes(context: AppContext): Router {
  const router = new Router();
  const reads = context.departmentReads;

  router.get(
    '/api/departments/search',
    signedIn(),
    validate(search),
    async (ctx: SignedInContext<InputOf<typeof search>>) => {
      const { user, input } = ctx.state;
      sendSearchAnswer(ctx, await reads.search(user, input.query.q), user);
    },
  );

  router.get('/api/departments/user', signedIn(), async (ctx: SignedInContext) => {
    const { user } = ctx.state;
    ctx.body = presentUserDepartments(await reads.userDepartments(user), user);
  });

  router.post(
    '/api/departments/create',
    signedIn(),
    validate(create),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof create>>) => {
      const { trx, user, input } = ctx.state;
      const outcome = await createUserDepartment(trx, user, input.body);
      // Close departments exist: nothing was added, they are offered (docs/decisions/pending-departments.md).
      if (outcome.kind === 'similar') {
        const offer: CreateDepartmentResponse = { matches: outcome.matches.map((d) => presentDepartment(d, user)) };
        ctx.body = offer;
        return;
      }
      const { link } = outcome;
      const answer: CreateDepartmentResponse = {
        department: presentDepartment(link.department!, user),
        userDepartment: presentUserDepartment(link, user, new Map()),
        joined: outcome.kind === 'joined',
      };
      ctx.status = 201;
      ctx.body = answer;
    },
  );

  router.post(
    '/api/departments/user',
    signedIn(),
    validate(add),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof add>>) => {
      const { trx, user, input } = ctx.state;
      ctx.status = 201;
      const link = await addUserDepartment(trx, user, input.body);
      ctx.body = presentUserDepartment(link, user, await latestRequestsOf(user.id, trx));
    },
  );

  router.patch(
    '/api/departments/user/:id',
    signedIn(),
    validate(update),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof update>>) => {
      const { trx, user, input } = ctx.state;
      const link = await updateUserDepartment(trx, user, { ...input.params, ...input.body });
      ctx.body = presentUserDepartment(link, user, await latestRequestsOf(user.id, trx));
    },
  );

  router.delete(
    '/api/departments/user/:id',
    signedIn(),
    validate(remove),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof remove>>) => {
      const { trx, user, input } = ctx.state;
      await removeUserDepartment(trx, user, input.params);
      ctx.status = 204;
    },
  );

  return router;
}
