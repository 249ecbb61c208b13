import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

// Web layers (docs/decisions/019-web-layers.md): app → features → entities → components → lib.
// A zone forbids importing `from` inside `target`; every feature gets its own zone, so a new
// feature folder is fenced off from its siblings without anyone remembering to add it.
const web = 'apps/web/src';
const features = readdirSync(`${web}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webLayerZones = [
  ...features.map((feature) => ({
    target: `${web}/features/${feature}`,
    from: `${web}/features`,
    except: [`./${feature}`],
    message:
      'Features do not import each other: compose them in app/, or move what both need to entities/ or components/.',
  })),
  {
    target: `${web}/features`,
    from: `${web}/app`,
    message: 'app/ composes features, not the other way round.',
  },
  {
    target: `${web}/entities`,
    from: [`${web}/app`, `${web}/features`],
    message: 'entities/ sits below features and app.',
  },
  {
    target: [`${web}/components`, `${web}/lib`],
    from: [`${web}/app`, `${web}/features`, `${web}/entities`],
    message: 'components/ and lib/ are generic: they know no feature, entity or app.',
  },
  {
    target: `${web}/lib`,
    from: `${web}/components`,
    message: 'lib/ holds no React components.',
  },
];

// Server layers (docs/decisions/018-server-layers.md): routes → services → repositories → db.
// esquery regexes cannot hold a slash, hence \x2F.
const server = 'apps/server/src';
const queryBuilderOutsideRepositories = [
  {
    selector:
      'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/]',
    message:
      'Only a *.repository.ts (or db/) touches the query builder: move the query into the module’s repository.',
  },
  {
    selector: "ImportDeclaration[source.value='kysely'] > ImportSpecifier[imported.name='sql']",
    message: 'Only a *.repository.ts (or db/) writes SQL: move the query into the module’s repository.',
  },
];
const writeInRoutes = [
  {
    selector: 'ImportDeclaration[source.value=/\\x2Fdb\\x2Fwrite$/]',
    message: 'Services own transactions: call a service function that runs write().',
  },
];
// `from '../other-module/….repository'` (or `export … from` it) in a module's service, routes or
// personal-data entry: cross-module work goes through that module's service instead.
const anotherModulesRepository = [
  {
    selector:
      ':matches(ImportDeclaration, ExportNamedDeclaration, ExportAllDeclaration)[source.value=/^\\.\\.\\x2F[^\\x2F]+\\x2F[^\\x2F]+\\.repository$/]',
    message:
      'Another module’s repository is not yours to call: go through that module’s service (add a function there that takes the connection).',
  },
];
const repositoryInRoutes = [
  {
    selector:
      ':matches(ImportDeclaration, ExportNamedDeclaration, ExportAllDeclaration)[source.value=/\\.repository$/]',
    message: 'Routes call services only, not even their own module’s repository: add a service function.',
  },
];
const repositoryReachingAnotherModule = [
  {
    // `../other-module/…` from modules/<m>/: a sibling module. `../../db/…` stays allowed.
    selector: 'ImportDeclaration[source.value=/^\\.\\.\\x2F(?!\\.\\.\\x2F)/]',
    message:
      'A repository imports no other module: go through that module’s service from your service, or keep a join in the repository of the main table.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '.bench-data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    // Tests may reach across layers to check the wiring (e.g. every page has an access rule).
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: webLayerZones }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: [`${server}/**/*.ts`],
    // Tests, migrations and the demo generators build rows in bulk; db/ is where the builder lives.
    ignores: ['**/*.test.ts', '**/*.repository.ts', `${server}/db/**`, `${server}/demo/**`],
    rules: { 'no-restricted-syntax': ['error', ...queryBuilderOutsideRepositories] },
  },
  // A later block's no-restricted-syntax replaces an earlier one's for the files both match, so
  // each block repeats the selectors of the blocks above it that also cover its files.
  {
    files: [`${server}/modules/*/*.ts`],
    ignores: ['**/*.test.ts', '**/*.repository.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...queryBuilderOutsideRepositories, ...anotherModulesRepository],
    },
  },
  {
    files: [`${server}/modules/*/*.routes.ts`],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...queryBuilderOutsideRepositories,
        ...writeInRoutes,
        ...repositoryInRoutes,
      ],
    },
  },
  {
    files: [`${server}/modules/*/*.repository.ts`],
    rules: { 'no-restricted-syntax': ['error', ...repositoryReachingAnotherModule] },
  },
);
