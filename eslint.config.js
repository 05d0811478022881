import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
function outboundOnlyThroughGuard() {
  const message =
    'Chamadas HTTP de saída passam por apps/server/src/outbound/outbound-fetch.ts (createOutboundFetch), ' +
    'que recusa endereços internos.';
  return {
    files: ['apps/server/src/**/*.ts'],
    ignores: [...TESTS, 'apps/server/src/outbound/**'],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message }],
      'no-restricted-syntax': [
        'error',
        { selector: "ImportDeclaration[source.value='undici']", message },
        {
          selector:
            'ImportDeclaration[source.value=/^(node:)?https?$/] ImportSpecifier[imported.name=/^(request|get)$/]',
          message,
        },
        { selector: 'MemberExpression[object.name=/^https?$/][property.name=/^(request|get)$/]', message },
      ],
    },
  };
}

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
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
