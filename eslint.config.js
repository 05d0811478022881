import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { webFeatureBoundaries } from './eslint/web-feature-boundaries.js';

const FEATURES = 'apps/server/src/features';
const TESTS = ['**/*.test.ts', '**/*-test-kit.ts'];

/** A feature reaches another only through its public entry, `features/<f>/index.ts`. */
const otherFeatureInternals = (depth) => ({
  regex: `^${'\\.\\./'.repeat(depth)}[a-z][a-z-]*/.+`,
  message: "Outra feature só pelo seu index.ts (import '../<feature>').",
});

/** The server's layering, checked: routes → service → repo inside a feature; features meet at their index.ts. */
function serverLayering() {
  const restrict = (files, patterns, ignores = TESTS) => ({
    files,
    ignores,
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  });
  const noRepo = {
    group: ['**/*.repo', '**/*.repo.ts'],
    message: 'Rotas não importam repositórios: use o serviço.',
  };
  const noRoutes = {
    group: ['**/*.routes', '**/http/route', '**/http/authorize'],
    message: 'Serviços e repositórios não conhecem rotas.',
  };
  const noFastify = {
    group: ['fastify', '@fastify/*'],
    message: 'Serviços e repositórios não usam tipos do Fastify.',
  };
  const noService = {
    group: ['**/*.service', '**/*.service.ts'],
    message: 'Repositórios não importam serviços.',
  };
  const noHttp = { group: ['**/http/*'], message: 'Repositórios não conhecem HTTP.' };
  return [
    restrict([`${FEATURES}/*/*.ts`], [otherFeatureInternals(1)]),
    restrict([`${FEATURES}/*/*/*.ts`], [otherFeatureInternals(2)]),
    restrict([`${FEATURES}/**/*.routes.ts`], [otherFeatureInternals(1), noRepo]),
    restrict([`${FEATURES}/**/*.service.ts`], [otherFeatureInternals(1), noRoutes, noFastify], TESTS),
    restrict(
      [`${FEATURES}/**/*.repo.ts`],
      [otherFeatureInternals(1), noService, noRoutes, noHttp, noFastify],
    ),
  ];
}

/**
 * Outbound HTTP from the server goes through `apps/server/src/outbound/outbound-fetch.ts` only: the URLs the server
 * calls are typed by users and ADMINs, and that function is where internal addresses are refused, the checked
 * address pinned and redirects kept within the origin.
 */
const OUTBOUND_MESSAGE =
  'Chamadas HTTP de saída passam por apps/server/src/outbound/outbound-fetch.ts (createOutboundFetch), ' +
  'que recusa endereços internos.';
const outboundSelectors = [
  { selector: "ImportDeclaration[source.value='undici']", message: OUTBOUND_MESSAGE },
  {
    selector:
      'ImportDeclaration[source.value=/^(node:)?https?$/] ImportSpecifier[imported.name=/^(request|get)$/]',
    message: OUTBOUND_MESSAGE,
  },
  {
    selector: 'MemberExpression[object.name=/^https?$/][property.name=/^(request|get)$/]',
    message: OUTBOUND_MESSAGE,
  },
];

function outboundOnlyThroughGuard() {
  return {
    files: ['apps/server/src/**/*.ts'],
    ignores: [...TESTS, 'apps/server/src/outbound/**'],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: OUTBOUND_MESSAGE }],
      'no-restricted-syntax': ['error', ...outboundSelectors],
    },
  };
}

/** The roles, as literals: comparing one of them to a value re-derives a rule that a role predicate owns. */
const ROLE_LITERAL = 'Literal[value=/^(ADMIN|MANAGER|USER)$/]';
const ROLE_CHECK_MESSAGE =
  'Regra de perfil só em apps/server/src/policies/ ou packages/shared/src/domain/: use isAdmin, managesProjects, ' +
  'isPlainUser, hasModule (@mirante/shared) ou uma policy.';
const roleChecks = [
  { selector: `BinaryExpression[operator=/^[!=]==?$/] > ${ROLE_LITERAL}`, message: ROLE_CHECK_MESSAGE },
  {
    selector: `CallExpression[callee.property.name='includes'] > MemberExpression.callee > ArrayExpression.object > ${ROLE_LITERAL}`,
    message: ROLE_CHECK_MESSAGE,
  },
  {
    selector: `SwitchStatement[discriminant.property.name='role'] > SwitchCase > ${ROLE_LITERAL}`,
    message: ROLE_CHECK_MESSAGE,
  },
];
/**
 * An antd icon is named by its file in English ('search', 'delete') unless given `aria-hidden` (beside a text, or
 * inside a control named by its aria-label) or a pt-BR `aria-label` (when it alone says something).
 */
const unnamedIcon = {
  selector:
    'JSXOpeningElement[name.name=/(Outlined|Filled|TwoTone)$/]:not(:has(JSXAttribute[name.name=/^aria-(hidden|label)$/]))',
  message:
    'Ícone do antd sem aria-hidden nem aria-label: um leitor de tela leria o nome do arquivo em inglês. Ao lado ' +
    'de um texto ou num controle com aria-label use aria-hidden; sozinho, um aria-label em pt-BR.',
};
/** Where who-may-do-what is written; tests state fixtures and expectations in roles freely. */
const ROLE_RULE_HOMES = ['apps/server/src/policies/**', 'packages/shared/src/domain/**'];
const TEST_FILES = [...TESTS, '**/*.test.tsx', 'apps/server/test/**', 'e2e/**', 'bench/**'];

/**
 * Who may do what is decided in `policies/` (server) and the role predicates of `packages/shared/src/domain`
 * (both sides); anywhere else a raw role comparison is refused. `no-restricted-syntax` holds one list per file,
 * so the server's outbound selectors are repeated here for the server files.
 */
function rolesOnlyInPolicies(outboundSelectors) {
  return [
    {
      files: ['**/*.{ts,tsx}'],
      ignores: [...ROLE_RULE_HOMES, ...TEST_FILES],
      rules: { 'no-restricted-syntax': ['error', ...roleChecks] },
    },
    {
      files: ['apps/web/src/**/*.tsx'],
      ignores: TEST_FILES,
      rules: { 'no-restricted-syntax': ['error', ...roleChecks, unnamedIcon] },
    },
    {
      files: ['apps/server/src/**/*.ts'],
      ignores: [...ROLE_RULE_HOMES, ...TEST_FILES, 'apps/server/src/outbound/**'],
      rules: { 'no-restricted-syntax': ['error', ...outboundSelectors, ...roleChecks] },
    },
  ];
}

/**
 * The server reads its environment once, in the configuration (`config.ts`, checked by `config-env.ts`), and every
 * other module gets its settings from `AppConfig`: a misspelt or wrong value then stops the start-up instead of
 * being read somewhere as a default. `main.ts` and `worker.ts` are the entry points: they hand the environment to
 * `loadConfig` and, when the configuration itself failed, word the failure with the raw PORT.
 */
function environmentOnlyInConfig() {
  return {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      ...TESTS,
      'apps/server/src/config.ts',
      'apps/server/src/config-env.ts',
      'apps/server/src/main.ts',
      'apps/server/src/worker.ts',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message:
            'Variáveis de ambiente só em apps/server/src/config.ts (validadas em config-env.ts): use AppConfig.',
        },
      ],
    },
  };
}

/** Small files with one job: a longer file is two jobs. Tests (a table of cases) and generated files are exempt. */
function fileLength() {
  const limit = (max) => ['error', { max, skipBlankLines: true, skipComments: true }];
  const exempt = [...TESTS, '**/*.test.tsx', '**/*.spec.ts', '**/*.api.test.ts'];
  return [
    { files: ['**/*.{ts,js,mjs}'], ignores: exempt, rules: { 'max-lines': limit(500) } },
    { files: ['**/*.tsx'], ignores: exempt, rules: { 'max-lines': limit(300) } },
  ];
}

/** Web features meet at each other's index.ts or listed public modules (eslint/web-feature-surfaces.js). */
const webFeatureBoundary = {
  files: ['apps/web/src/features/**/*.{ts,tsx}'],
  ignores: ['**/*.test.ts', '**/*.test.tsx'],
  plugins: { 'web-features': webFeatureBoundaries },
  rules: { 'web-features/no-deep-feature-import': 'error' },
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'data-*/**', '.tmp/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  ...serverLayering(),
  outboundOnlyThroughGuard(),
  ...rolesOnlyInPolicies(outboundSelectors),
  environmentOnlyInConfig(),
  ...fileLength(),
  webFeatureBoundary,
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
