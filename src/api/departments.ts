/**
 * Departments API (spec 01 §7). Every route needs a signed-in user; a user touches only their own links.
 */
import Router from '@koa/router';
import { Model } from 'objection';
import { requireUser } from '../http/auth';
import { validate } from '../validation/validate';
import { departmentCreateSchema, userDepartmentAddSchema, userDepartmentUpdateSchema } from '../validation/departments';
import {
  addUserDepartment,
  createUserDepartment,
  listUserDepartments,
  removeUserDepartment,
  updateUserDepartment,
} from '../services/departments';
import { searchDepartments } from '../services/departmentSearch';

const linkId = (raw: string | undefined) => (raw && /^\d{1,10}$/.test(raw) ? Number(raw) : 0);

export function departmentRoutes(): Router {
  const router = new Router();

  router.get('/api/departments/search', async (ctx) => {
    const user = requireUser(ctx);
    ctx.body = await searchDepartments(ctx.query.q, user.id);
  });

  router.get('/api/departments/user', async (ctx) => {
    const user = requireUser(ctx);
    ctx.body = await listUserDepartments(user.id);
  });

  router.post('/api/departments/create', async (ctx) => {
    const user = requireUser(ctx);
    const input = await validate(departmentCreateSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await Model.transaction((trx) => createUserDepartment(trx, user.id, input));
  });

  router.post('/api/departments/user', async (ctx) => {
    const user = requireUser(ctx);
    const input = await validate(userDepartmentAddSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await Model.transaction((trx) => addUserDepartment(trx, user.id, input));
  });

  router.patch('/api/departments/user/:id', async (ctx) => {
    const user = requireUser(ctx);
    const input = await validate(userDepartmentUpdateSchema, ctx.request.body);
    ctx.body = await Model.transaction((trx) => updateUserDepartment(trx, user.id, linkId(ctx.params.id), input));
  });

  router.delete('/api/departments/user/:id', async (ctx) => {
    const user = requireUser(ctx);
    await Model.transaction((trx) => removeUserDepartment(trx, user.id, linkId(ctx.params.id)));
    ctx.status = 204;
  });

  return router;
}
