import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * The layout's boundaries (docs/architecture.md#boundaries) as import rules, so a break fails
 * `npm run lint` in CI: route file → policy → service → model → presenter, and nothing reaches backwards.
 */
const restrict = (...groups) => ({
  'no-restricted-imports': [
    'error',
    // A group is gitignore-style paths, or `{ regex }` where a folder's allowed children cannot be re-included.
    { patterns: groups.map(([group, message]) => (Array.isArray(group) ? { group, message } : { ...group, message })) },
  ],
});

/**
 * As `restrict`, with typescript-eslint's rule, whose groups may allow `import type`: a shape named, not a module
 * loaded or called at run time. A group is [paths, message, typesAllowed].
 */
const restrictValues = (...groups) => ({
  '@typescript-eslint/no-restricted-imports': [
    'error',
    {
      patterns: groups.map(([group, message, typesAllowed = false]) => ({
        group,
        message,
        allowTypeImports: typesAllowed,
      })),
    },
  ],
});

const HTTP = [
  ['koa', 'koa-*', '@koa/*', '**/http/**', '**/api/**', '**/pages/**'],
  'Domain code knows nothing of HTTP: take plain input, throw src/errors.ts, let routers speak HTTP.',
];
/** One useId (views/ui/useId.ts): React's and Preact's number ids differently (docs/decisions/preact-in-the-browser.md). */
const ONE_USE_ID = [
  { group: ['react'], importNames: ['useId'] },
  "Use the kit's useId (views/ui/useId.ts): React's server ids and Preact's browser ids would differ.",
];
const SERVER_DATA = [
  ['**/models/**', '**/services/**', '**/db/**', 'knex', 'objection', 'pg'],
  'Views render what presenters give them; load data in src/pages through services.',
];

/**
 * Transactions are opened in one place each: a request's by src/http (the transaction() middleware, formAction,
 * the session store), everything else's by src/db (inTransaction for the CLI, seeds, bench and tests; the
 * database set-up's copy). Everywhere else a transaction is a parameter: fn(trx, actor, input).
 */
const OPENS_A_TRANSACTION = {
  selector: "CallExpression[callee.property.name='transaction']",
  message:
    'Only src/http and src/db open transactions: take the trx as a parameter, or use inTransaction (src/db/transaction.ts) in scripts, seeds and tests.',
};
const OPENS_ITS_OWN_TRANSACTION = {
  selector: "CallExpression[callee.name='inTransaction']",
  message: 'Domain code never opens a transaction: take the caller’s trx first, fn(trx, actor, input).',
};

/**
 * Design tokens are the imported constant (views/ui/theme.ts): with constant interpolations styled-components
 * runs no function per rule for every element it renders. There is no ThemeProvider, so a props theme would
 * also be empty.
 */
const THEME_FROM_PROPS = {
  selector:
    "MemberExpression[property.name='theme'][object.type='Identifier'][object.name!='theme'], ObjectPattern > Property[key.name='theme']",
  message: 'Use the theme constant: `${theme.space[2]}` (import { theme } from views/ui/theme), not `(p) => p.theme…`.',
};

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'test-results', 'seeds/data'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', window: 'readonly', document: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['src/services/**', 'src/policies/**', 'src/presenters/**', 'src/models/**', 'src/db/**'],
    rules: restrict(HTTP),
  },
  {
    ignores: ['src/http/**', 'src/db/**'],
    rules: { 'no-restricted-syntax': ['error', OPENS_A_TRANSACTION, THEME_FROM_PROPS] },
  },
  {
    files: ['src/services/**', 'src/policies/**', 'src/presenters/**', 'src/models/**'],
    rules: { 'no-restricted-syntax': ['error', OPENS_A_TRANSACTION, OPENS_ITS_OWN_TRANSACTION] },
  },
  {
    // Kept pages (docs/architecture.md#kept-pages-and-caches): the early listener (src/http) and the routes call
    // the cache, and a kept answer is given from memory. So no route, no view (src/render renders them) and no
    // database: no knex, objection, pg, model or src/db module at run time, only the change watch it listens through.
    files: ['src/pageCache/**'],
    rules: restrictValues(
      [['**/api/**', '**/pages/**'], 'The routes call the page cache, never the reverse: take what an answer needs.'],
      [
        ['**/views/**', '**/islands/**'],
        'The page cache keeps bytes; src/render renders views (their types are fine).',
        true,
      ],
      [
        ['knex', 'objection', 'pg', '**/models/**', '**/db/**', '!**/db/changeWatch', '!**/db/listen'],
        'A kept answer is given without the database: take facts from the caller or a cache (types are fine).',
        true,
      ],
    ),
  },
  {
    files: ['src/validation/**'],
    rules: restrict([
      ['koa', '@koa/*', 'knex', 'objection', 'pg', '../*', '!./*', '!../validation/*'],
      'src/validation is shared with the browser: yup and other validation modules only.',
    ]),
  },
  {
    // A folder of validation modules (src/validation/lists) may use its parent's modules, and nothing above.
    files: ['src/validation/*/**'],
    rules: restrict([
      ['koa', '@koa/*', 'knex', 'objection', 'pg', '../../*', '!./*', '!../*', '!../../validation/*'],
      'src/validation is shared with the browser: yup and other validation modules only.',
    ]),
  },
  {
    files: ['views/**'],
    rules: restrict(SERVER_DATA, ONE_USE_ID, [
      ['**/islands/**'],
      'Views are server-only; the kit they share with islands lives in views/ui. Render islands with <Island>.',
    ]),
  },
  {
    files: ['islands/**'],
    rules: restrict(
      ONE_USE_ID,
      [
        ['**/src/**', '!**/src/validation', '!**/src/validation/**'],
        'Islands run in the browser: import from src/ only the shared schemas and JSON types in src/validation.',
      ],
      [['koa', '@koa/*', 'knex', 'objection', 'pg', 'pino', 'argon2', 'node:*'], 'Server-only package in an island.'],
      [
        { regex: '(^|/)views/(?!ui(/|$)|profile/widgets(/|$)|profile/(ProfileHeaderCard|ShareLinks|links)$)' },
        'Islands use the shared kit (views/ui) and the read views (views/profile/widgets, ProfileHeaderCard), never server views.',
      ],
    ),
  },
  {
    // The read views (what visitors see of each item) are presentational, so the owner's editors show them too:
    // the kit, src/validation and each other only.
    files: ['views/profile/widgets/**'],
    rules: restrict(
      SERVER_DATA,
      ONE_USE_ID,
      [['**/islands/**'], 'Views never import islands.'],
      [
        { regex: '^\\.\\./(?!\\.\\./ui/|\\.\\./\\.\\./src/validation/)' },
        'The read views are presentational (islands show them): import only views/ui, src/validation and each other.',
      ],
    ),
  },
  {
    // The same for the profile's header card: what the profile editor shows while closed.
    files: ['views/profile/ProfileHeaderCard.tsx', 'views/profile/ShareLinks.tsx', 'views/profile/links.ts'],
    rules: restrict(
      SERVER_DATA,
      ONE_USE_ID,
      [['**/islands/**'], 'Views never import islands.'],
      [
        { regex: '^\\.\\./(?!ui/|\\.\\./src/validation/)|^\\./(?!links$|ShareLinks$|widgets/)' },
        'The read views are presentational (islands show them): import only views/ui, src/validation and each other.',
      ],
    ),
  },
);
