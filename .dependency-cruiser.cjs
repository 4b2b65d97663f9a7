/**
 * The layers of docs/decisions/0024-enforced-boundaries.md, checked by `npm run lint` (and so by CI).
 * Web: app → features → components → lib → @cm/contract; a feature (one screen) never imports another.
 * Server: server.ts, app.ts → modules (in the tiers below) → plugins → lib, db; the demo seed beside the
 * modules; the contract depends on neither side.
 * @type {import('dependency-cruiser').IConfiguration}
 */

/**
 * Server modules, lowest tier first. A module imports only modules of lower tiers, so no two modules
 * can ever depend on each other; a new module takes the lowest tier above everything it uses.
 */
const SERVER_MODULE_TIERS = [
  ['amocrm', 'audit', 'images', 'organisation', 'sessions', 'trees'],
  [
    'audit-trail',
    'bonus-schemes',
    'categories',
    'components',
    'credentials',
    'locations',
    'maintenance',
    'reports',
    'sales-results',
    'sales-sync',
  ],
  ['departments', 'movements', 'stock', 'system', 'users', 'webhooks'],
  ['imports', 'sales-months', 'sales-settings', 'two-factor'],
  ['auth', 'calculator', 'sales-figures', 'sales-import'],
  ['analytics', 'awards', 'profile'],
  ['leaderboard'],
];

const modulePath = (names) => `^apps/server/src/modules/(${names.join('|')})/`;

const moduleTierRules = SERVER_MODULE_TIERS.map((tier, index) => ({
  name: `server-module-tier-${index + 1}`,
  comment: `${tier.join(', ')} import only modules of lower tiers (SERVER_MODULE_TIERS).`,
  severity: 'error',
  from: { path: modulePath(tier) },
  to: { path: modulePath(SERVER_MODULE_TIERS.slice(index).flat()), pathNot: '^apps/server/src/modules/$1/' },
}));

module.exports = {
  forbidden: [
    ...moduleTierRules,
    {
      name: 'server-module-unknown',
      comment: 'Every server module has a tier in SERVER_MODULE_TIERS.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/', pathNot: modulePath(SERVER_MODULE_TIERS.flat()) },
      to: {},
    },
    {
      name: 'server-routes-are-the-top',
      comment: 'Routes speak HTTP and are registered by app.ts; nothing else imports them.',
      severity: 'error',
      from: { pathNot: '^apps/server/src/app\\.ts$|\\.test\\.ts$' },
      to: { path: '^apps/server/src/modules/[^/]+/routes\\.ts$' },
    },
    {
      name: 'server-repositories-below-services',
      comment: 'A repository holds SQL only: it never calls a service (routes → services → repositories).',
      severity: 'error',
      from: { path: '^apps/server/src/modules/[^/]+/repository\\.ts$' },
      to: { path: '^apps/server/src/modules/[^/]+/service\\.ts$' },
    },
    {
      name: 'no-cycles',
      comment: 'A cycle means neither side can be understood or changed alone.',
      severity: 'error',
      from: {},
      to: { circular: true, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'features-are-independent',
      comment: 'A screen never imports another: what two screens share moves down to components/ or lib/.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'features-know-no-app',
      comment:
        'app/ composes the screens; what a screen needs of it is lent through lib/ (e.g. lib/account-preferences).',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'shared-web-code-knows-no-feature',
      comment: 'components/ and lib/ are used by features, never the other way round.',
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib|locales)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-lib-is-the-floor',
      comment: 'lib/ holds the API client, the session and formatting: no user interface.',
      severity: 'error',
      from: { path: '^apps/web/src/lib/' },
      to: { path: '^apps/web/src/components/' },
    },
    {
      name: 'server-foundations-know-no-module',
      comment: 'db/, lib/ and plugins/ sit below the modules; demo data and the CLI sit beside them.',
      severity: 'error',
      from: { path: '^apps/server/src/(db|lib|plugins)/' },
      to: { path: '^apps/server/src/(modules|demo|cli)/' },
    },
    {
      name: 'contract-stands-alone',
      comment: 'The contract is shared by both sides and depends on neither.',
      severity: 'error',
      from: { path: '^packages/contract/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['source', 'import', 'types', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.json'],
    },
  },
};
