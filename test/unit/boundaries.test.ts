/** The layout's import boundaries are lint rules (eslint.config.js); this proves they fire. */
import test from 'ava';
import { ESLint } from 'eslint';

const eslint = new ESLint();

/** Either import rule: ESLint's, or typescript-eslint's where a folder's boundary allows type imports. */
const IMPORT_RULES = new Set(['no-restricted-imports', '@typescript-eslint/no-restricted-imports']);

async function restricted(filePath: string, code: string): Promise<boolean> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.some((m) => IMPORT_RULES.has(m.ruleId ?? ''));
}

async function opensTransaction(filePath: string, code: string): Promise<boolean> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.some((m) => m.ruleId === 'no-restricted-syntax');
}

test('services, policies and presenters never import Koa or the HTTP layer', async (t) => {
  t.true(await restricted('src/services/x.ts', "import Koa from 'koa';\nexport const x = Koa;\n"));
  t.true(
    await restricted('src/policies/x.ts', "import { signedIn } from '../http/auth';\nexport const x = signedIn;\n"),
  );
  t.true(await restricted('src/presenters/x.ts', "import { x } from '../pages/home';\nexport const y = x;\n"));
  t.false(await restricted('src/services/x.ts', "import { User } from '../models/User';\nexport const x = User;\n"));
});

test('views never import models, services or the database', async (t) => {
  t.true(
    await restricted('views/pages/X.tsx', "import { User } from '../../src/models/User';\nexport const x = User;\n"),
  );
  t.true(await restricted('views/pages/X.tsx', "import { knex } from 'knex';\nexport const x = knex;\n"));
  t.false(
    await restricted(
      'views/pages/X.tsx',
      "import { Island } from '../../src/render/Island';\nexport const x = Island;\n",
    ),
  );
});

test('views never import islands; islands import only the kit from views', async (t) => {
  t.true(
    await restricted('views/pages/X.tsx', "import { x } from '../../islands/lib/useForm';\nexport const y = x;\n"),
  );
  t.true(await restricted('views/ui/X.tsx', "import { x } from '../../islands/lib/api';\nexport const y = x;\n"));
  t.false(await restricted('views/pages/X.tsx', "import { sc } from '../ui/sc';\nexport const y = sc;\n"));
  t.true(await restricted('islands/X.tsx', "import { x } from '../views/profile/ProfilePage';\nexport const y = x;\n"));
  t.false(
    await restricted('islands/X.tsx', "import { Button } from '../views/ui/Button';\nexport const y = Button;\n"),
  );
  t.false(await restricted('islands/lib/X.tsx', "import { sc } from '../../views/ui/sc';\nexport const y = sc;\n"));
});

test('the read views are presentational: islands may show them, and they import only the kit and validation', async (t) => {
  const use = "import { x } from 'M';\nexport const y = x;\n";
  const from = (file: string, module: string) => restricted(file, use.replace('M', module));
  t.false(await from('islands/X.tsx', '../views/profile/widgets'));
  t.false(await from('islands/X.tsx', '../views/profile/widgets/ItemLayout'));
  t.false(await from('islands/X.tsx', '../views/profile/ProfileHeaderCard'));
  t.true(await from('islands/X.tsx', '../views/profile/sections'));
  t.true(await from('islands/X.tsx', '../views/profile/ProfilePage'));
  t.false(await from('views/profile/widgets/X.tsx', '../../ui/sc'));
  t.false(await from('views/profile/widgets/X.tsx', '../../../src/validation/lists/define'));
  t.false(await from('views/profile/widgets/X.tsx', './ItemLayout'));
  t.true(await from('views/profile/widgets/X.tsx', '../sections'));
  t.true(await from('views/profile/widgets/X.tsx', '../../layout/Layout'));
  t.true(await from('views/profile/widgets/X.tsx', '../../../src/render/Island'));
  t.false(await from('views/profile/ProfileHeaderCard.tsx', './links'));
  t.true(await from('views/profile/ProfileHeaderCard.tsx', './ProfilePage'));
  t.true(await from('views/profile/ProfileHeaderCard.tsx', '../../src/render/Island'));
});

test('islands import only src/validation from the server tree', async (t) => {
  t.true(await restricted('islands/X.tsx', "import { x } from '../src/services/auth';\nexport const y = x;\n"));
  t.true(await restricted('islands/X.tsx', "import { x } from '../src/render/Island';\nexport const y = x;\n"));
  t.false(
    await restricted(
      'islands/X.tsx',
      "import { loginSchema } from '../src/validation/auth';\nexport const y = loginSchema;\n",
    ),
  );
});

test('shared validation modules import nothing from the server', async (t) => {
  t.true(await restricted('src/validation/x.ts', "import { x } from '../services/auth';\nexport const y = x;\n"));
  t.false(await restricted('src/validation/x.ts', "import { id } from './common';\nexport const y = id;\n"));
  t.true(
    await restricted('src/validation/lists/x.ts', "import { x } from '../../services/auth';\nexport const y = x;\n"),
  );
  t.false(await restricted('src/validation/lists/x.ts', "import { id } from '../common';\nexport const y = id;\n"));
});

test('the page cache imports no route, no view and no database module; types are fine', async (t) => {
  const file = 'src/pageCache/x.ts';
  const uses = (module: string) => restricted(file, `import { x } from '${module}';\nexport const y = x;\n`);
  const typeOf = (module: string) => restricted(file, `import type { X } from '${module}';\nexport type Y = X;\n`);
  t.true(await uses('../pages/profiles'));
  t.true(await typeOf('../pages/profiles'), 'not even a route’s types');
  t.true(await uses('../api/keptAnswers'));
  t.true(await uses('../../views/layout/shell'));
  t.false(await typeOf('../../views/layout/shell'));
  t.true(await uses('../../islands/registry'));
  t.true(await uses('../models/Profile'));
  t.false(await typeOf('../models/Profile'));
  t.true(await uses('knex'));
  t.false(await typeOf('knex'));
  t.true(await uses('objection'));
  t.true(await uses('../db/readTogether'));
  t.false(await uses('../db/changeWatch'), 'the change watch it listens through');
  for (const allowed of [
    './pageCache',
    '../policies',
    '../render/userMenu',
    '../http/session',
    '../validation/viewAs',
  ]) {
    t.false(await uses(allowed), allowed);
  }
});

test('only src/http and src/db open transactions; domain code never does, not even through inTransaction', async (t) => {
  const opens = 'export const x = (db: any) => db.transaction(async (trx: any) => trx);\n';
  for (const file of ['src/services/x.ts', 'src/services/departments/x.ts', 'src/api/x.ts', 'src/pages/x.tsx']) {
    t.true(await opensTransaction(file, opens), file);
  }
  for (const file of ['seeds/x.ts', 'bench/x.ts', 'scripts/x.ts', 'test/integration/x.test.ts']) {
    t.true(await opensTransaction(file, opens), file);
  }
  t.false(await opensTransaction('src/http/x.ts', opens));
  t.false(await opensTransaction('src/db/x.ts', opens));

  const viaHelper =
    "import { inTransaction } from '../db/transaction';\nexport const x = (db: any) => inTransaction(db, async (trx) => trx);\n";
  t.true(await opensTransaction('src/services/x.ts', viaHelper));
  t.false(await opensTransaction('seeds/x.ts', viaHelper.replace('../db', '../src/db')));
  t.false(
    await opensTransaction(
      'src/services/x.ts',
      "import type { Knex } from 'knex';\nexport const x = (trx: Knex.Transaction) => trx('users').first();\n",
    ),
  );
});

test('islands, the kit and the read views take ids from the kit’s useId, never React’s', async (t) => {
  // docs/decisions/preact-in-the-browser.md: the server's React and the browser's Preact number ids differently.
  const reactId = "import { useId } from 'react';\nexport const x = useId;\n";
  t.true(await restricted('islands/X.tsx', reactId));
  t.true(await restricted('views/ui/X.tsx', reactId));
  t.true(await restricted('views/profile/widgets/X.tsx', reactId));
  t.false(await restricted('islands/X.tsx', "import { useState } from 'react';\nexport const x = useState;\n"));
  t.false(await restricted('islands/X.tsx', "import { useId } from '../views/ui/useId';\nexport const x = useId;\n"));
});
