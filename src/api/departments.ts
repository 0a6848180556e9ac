/**
 * Departments API (spec 01 §7). Every route needs a signed-in user; a user touches only their own links
 * (userDepartmentPolicy). Read as a table: path → guards → validated input → transaction → service → presenter.
 */
import Router from '@koa/router';
import { signedIn } from '../http/auth';
import type { SignedInContext, WriteContext } from '../http/context';
import { transaction } from '../http/transaction';
import { validate, type InputOf } from '../http/validate';
import { presentDepartment, presentUserDepartment } from '../presenters/departments';
import {
  addUserDepartment,
  createUserDepartment,
  listUserDepartments,
  removeUserDepartment,
  updateUserDepartment,
} from '../services/departments/userDepartments';
import { searchDepartments } from '../services/departments/search';
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

export function departmentRoutes(): Router {
  const router = new Router();

  router.get(
    '/api/departments/search',
    signedIn(),
    validate(search),
    async (ctx: SignedInContext<InputOf<typeof search>>) => {
      const { user, input } = ctx.state;
      ctx.body = (await searchDepartments(user, input.query.q)).map((d) => presentDepartment(d, user));
    },
  );

  router.get('/api/departments/user', signedIn(), async (ctx: SignedInContext) => {
    const { user } = ctx.state;
    const [links, latest] = await Promise.all([listUserDepartments(user), latestRequestsOf(user.id)]);
    ctx.body = links.map((link) => presentUserDepartment(link, user, latest));
  });

  router.post(
    '/api/departments/create',
    signedIn(),
    validate(create),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof create>>) => {
      const { trx, user, input } = ctx.state;
      const link = await createUserDepartment(trx, user, input.body);
      const answer: CreateDepartmentResponse = {
        department: presentDepartment(link.department!, user),
        userDepartment: presentUserDepartment(link, user, new Map()),
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
