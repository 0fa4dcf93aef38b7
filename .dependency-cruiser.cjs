// Import boundaries of the monorepo (decision 0024), checked by dependency-cruiser in `npm run lint`:
//   npx depcruise apps packages bench e2e --config .dependency-cruiser.cjs
// Every rule is an error. Type-only imports count (tsPreCompilationDeps): a cycle through `import type` is a cycle.
//
// 1. No import cycles, anywhere (apps, packages, tests, bench, e2e).
// 2. Workspaces (ARCHITECTURE.md): web → contracts, domain; server → contracts, domain, db, odoo-sim; contracts → domain;
//    db → domain; domain → nothing of ours; odoo-sim → nothing of ours. bench and e2e may use any package.
// 3. A package (packages/*, apps/odoo-sim) is imported through its public entry points only: what its package.json
//    `exports` lists (ENTRY_POINTS below; no "./*"). Deep paths, relative or not, are refused.
// 4. Server modules (apps/server/src/modules/*) import each other in one direction only (SERVER_MODULES below,
//    lower modules first; a module may import the modules it lists, never the reverse):
//        erp, catalog, partners, health   (import no other module)
//        observability                    (no other module: app.ts hands it what it measures)
//        ops                              (no other module: npm run backup's route to a running server)
//        audit                            (no other module: the admin actions below write their entries through it)
//        users       → audit
//        auth        → users, audit       (login and SSO read users through the users repository)
//        erp-order   → erp
//        sales       → erp
//        exports     → sales, company, partners   (customer documents: the ERP company, the customer block)
//        templates   → sales
//        reports     → erp, exports       (exports' contentDisposition)
//        realtime    → auth, sales
//        company     → partners, audit    (the ERP company, payment terms, documents' settings; with the customers'
//                                          details the same contacts fetch stores, what customer documents read)
//        erpfetch    → erp, catalog, partners, company, sales, audit   (the fetch writes through their repositories)
//        revisions   → sales              (a restore is a sale mutation; the sale's JSON and DTOs)
//        approvals   → sales, audit       (the sale as read for a publish: FullSale)
//    The shared layers sit below every module: the kernel (errors.ts, policy.ts, config.ts) imports nothing else of the
//    server; infra imports only the kernel; plugins import the kernel, infra, auth and erp. The composition root
//    (app.ts, main.ts, bootstrap.ts, erp-setup.ts) may import anything and is imported only by itself and by tests.
//    Tests (*.test.ts, testkit.ts, apps/server/test) may also use any module's testkit.ts and apps/server/test.
// 5. In the server only repositories (*.repository.ts) use @quotewright/db at run time, besides app.ts/main.ts (open
//    the database) and tests/test kits (seed it); type-only imports are free. Only packages/db imports drizzle-orm.
//    Test factories (@quotewright/db/factories) are for tests and bench only.
// 6. In the server only routes (*.routes.ts), plugins, http/, app.ts, main.ts and tests import fastify or @fastify/* at
//    run time; type-only imports are free.
// 7. In the web app a feature (src/features/<name>) never imports another feature, and the shared code (src/lib,
//    src/components) imports no feature (else a feature could reach another through it); app/ and boot.ts compose them.
const { readFileSync } = require('node:fs');

/** The workspaces of ours each workspace may import (besides itself). */
const WORKSPACES = {
  'packages/domain': [],
  'packages/contracts': ['packages/domain'],
  'packages/db': ['packages/domain'],
  'apps/odoo-sim': [],
  'apps/server': ['packages/contracts', 'packages/domain', 'packages/db', 'apps/odoo-sim'],
  'apps/web': ['packages/contracts', 'packages/domain'],
};

/** The files behind each package's package.json `exports` (checked against them below). */
const ENTRY_POINTS = {
  'packages/domain': { '.': 'src/index.ts' },
  'packages/contracts': { '.': 'src/index.ts' },
  'packages/db': { '.': 'src/index.ts', './factories': 'src/factories.ts' },
  'apps/odoo-sim': { '.': 'src/index.ts' },
};

/** The server modules each server module may import (besides itself). See 4. above. */
const SERVER_MODULES = {
  erp: [],
  catalog: [],
  partners: [],
  health: [],
  observability: [],
  ops: [],
  audit: [],
  users: ['audit'],
  auth: ['users', 'audit'],
  'erp-order': ['erp'],
  sales: ['erp'],
  exports: ['sales', 'company', 'partners'],
  templates: ['sales'],
  reports: ['erp', 'exports'],
  realtime: ['auth', 'sales'],
  company: ['partners', 'audit'],
  erpfetch: ['erp', 'catalog', 'partners', 'company', 'sales', 'audit'],
  revisions: ['sales'],
  approvals: ['sales', 'audit'],
};

// The policy above is the source of truth; a package.json that exports something else (a "./*" pattern, an entry
// point not listed here) stops the check rather than widening a package's surface unseen.
for (const [ws, entries] of Object.entries(ENTRY_POINTS)) {
  const { exports } = JSON.parse(readFileSync(`${__dirname}/${ws}/package.json`, 'utf8'));
  const declared = JSON.stringify(exports);
  const expected = JSON.stringify(Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, `./${v}`])));
  if (declared !== expected)
    throw new Error(`${ws}/package.json exports ${declared}; .dependency-cruiser.cjs ENTRY_POINTS says ${expected}`);
}

const SERVER = '^apps/server/';
const MODULE = '^apps/server/src/modules/';
const KERNEL = '^apps/server/src/(errors|policy|config)[.]ts$';
const ROOT = '^apps/server/src/(app|main|bootstrap|erp-setup)[.]ts$';
const TESTS = '[.]test[.]tsx?$|(^|/)testkit[.]ts$|^apps/server/test/';
const TEST_SUPPORT = '(^|/)testkit[.]ts$|^apps/server/test/';
const re = (list) => `^(${list.join('|')})/`;
const literal = (s) => s.replace(/[.]/g, '[.]');

module.exports = {
  forbidden: [
    // 1.
    {
      name: 'no-circular',
      comment: 'Import cycle (type-only imports included). Move what both sides share into a module of its own.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment:
        "An import that resolves to no file: a typo, or a package path its package.json `exports` doesn't offer.",
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    // 2.
    ...Object.entries(WORKSPACES).map(([ws, allowed]) => {
      const others = Object.keys(WORKSPACES).filter((w) => w !== ws && !allowed.includes(w));
      return {
        name: `workspace-direction:${ws}`,
        comment: `${ws} may import ${allowed.length ? allowed.join(', ') : 'no workspace of ours'} (ARCHITECTURE.md).`,
        severity: 'error',
        from: { path: `^${ws}/` },
        to: { path: re(others) },
      };
    }),
    // 3.
    {
      name: 'package-entry-points',
      comment:
        'Import a package by its name and one of its package.json `exports` (its public entry points), not a file inside it.',
      severity: 'error',
      from: { path: '^(apps/[^/]+|packages/[^/]+|bench|e2e)/' },
      to: {
        path: re(Object.keys(ENTRY_POINTS)),
        pathNot: [
          '^$1/',
          ...Object.entries(ENTRY_POINTS).flatMap(([ws, e]) =>
            Object.values(e).map((f) => `^${literal(`${ws}/${f}`)}$`),
          ),
        ],
      },
    },
    {
      name: 'db-factories-only-in-tests',
      comment: '@quotewright/db/factories builds test rows: tests, test kits and bench only.',
      severity: 'error',
      from: { pathNot: `${TESTS}|^bench/|^packages/db/` },
      to: { path: '^packages/db/src/factories[.]ts$' },
    },
    // 4.
    ...Object.entries(SERVER_MODULES).flatMap(([mod, allowed]) => {
      const own = `${MODULE}(${[mod, ...allowed].join('|')})/`;
      const may = allowed.length ? allowed.map((m) => `modules/${m}`).join(', ') : 'no other module';
      return [
        {
          name: `server-module-direction:${mod}`,
          comment: `modules/${mod} may import ${may} (decision 0024).`,
          severity: 'error',
          from: { path: `${MODULE}${mod}/`, pathNot: TESTS },
          to: { path: MODULE, pathNot: own },
        },
        {
          name: `server-module-direction:${mod}:tests`,
          comment: `The tests of modules/${mod} may import ${may}, and any module's testkit.ts (decision 0024).`,
          severity: 'error',
          from: { path: `${MODULE}${mod}/(.+[.]test[.]ts|testkit[.]ts)$` },
          to: { path: MODULE, pathNot: [own, TEST_SUPPORT] },
        },
      ];
    }),
    {
      name: 'server-modules-are-known',
      comment: 'A new server module gets its place in SERVER_MODULES (.dependency-cruiser.cjs) and decision 0024.',
      severity: 'error',
      from: { path: MODULE, pathNot: `${MODULE}(${Object.keys(SERVER_MODULES).join('|')})/` },
      to: {},
    },
    {
      name: 'server-kernel-imports-nothing',
      comment: 'errors.ts, policy.ts and config.ts are the kernel every layer uses: they import no other server code.',
      severity: 'error',
      from: { path: KERNEL },
      to: { path: SERVER, pathNot: KERNEL },
    },
    {
      name: 'server-infra-below-modules',
      comment: 'infra/ is shared by the modules: it imports the kernel only (no module, plugin or composition root).',
      severity: 'error',
      from: { path: '^apps/server/src/infra/', pathNot: TESTS },
      to: { path: SERVER, pathNot: `^apps/server/src/infra/|${KERNEL}` },
    },
    {
      name: 'server-plugins-below-modules',
      comment: 'plugins/ serve every module: they import the kernel, infra, modules/auth and modules/erp only.',
      severity: 'error',
      from: { path: '^apps/server/src/plugins/', pathNot: TESTS },
      to: {
        path: SERVER,
        pathNot: `^apps/server/src/(plugins|infra|modules/(auth|erp))/|${KERNEL}`,
      },
    },
    {
      name: 'server-composition-root',
      comment: 'app.ts, main.ts, bootstrap.ts and erp-setup.ts assemble the server: only they and tests import them.',
      severity: 'error',
      from: { path: SERVER, pathNot: `${ROOT}|${TESTS}` },
      to: { path: ROOT },
    },
    // 5.
    {
      name: 'server-db-only-in-repositories',
      comment:
        'Only repositories use @quotewright/db (app.ts/main.ts open it, backup-cli.ts backs it up, tests seed it); ' +
        'import types with `import type`.',
      severity: 'error',
      from: {
        path: SERVER,
        pathNot: `[.]repository[.]ts$|${TESTS}|^apps/server/src/(app|main|backup-cli)[.]ts$`,
      },
      to: { path: '^packages/db/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'drizzle-only-in-db',
      comment: 'packages/db owns drizzle: import the query helpers from @quotewright/db.',
      severity: 'error',
      from: { pathNot: '^packages/db/' },
      to: { path: '(^|/)node_modules/drizzle-orm/' },
    },
    // 6.
    {
      name: 'server-fastify-only-in-http',
      comment:
        'Only routes, plugins, http/, app.ts, main.ts and tests import fastify at run time (`import type` is free).',
      severity: 'error',
      from: {
        path: SERVER,
        pathNot: `[.]routes[.]ts$|/plugins/|/http/|/(app|main)[.]ts$|${TESTS}`,
      },
      to: { path: '(^|/)node_modules/(fastify|@fastify/[^/]+)/', dependencyTypesNot: ['type-only'] },
    },
    // 7.
    {
      name: 'web-features-independent',
      comment: 'A web feature never imports another feature: move what both need to src/lib or src/components.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-code-imports-no-feature',
      comment: 'src/lib and src/components are shared by the features: they import none.',
      severity: 'error',
      from: { path: '^apps/web/src/(lib|components)/' },
      to: { path: '^apps/web/src/features/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|coverage|artifacts)/' },
    // Type-only imports are dependencies too: a cycle through `import type` is reported.
    tsPreCompilationDeps: true,
    // The compiler options every workspace extends (no `paths` today: packages resolve as npm workspaces).
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      // Workspace packages resolve through their package.json `exports`, as TypeScript and Node do.
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
