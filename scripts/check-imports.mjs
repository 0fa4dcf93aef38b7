// Enforces the import direction of DESIGN.md §2:
//   web → contracts, domain; server → contracts, domain, db (and odoo-sim for the embedded demo ERP);
//   contracts → domain; domain → nothing of ours; db → domain.
// Inside the server only repositories (and db-facing test helpers) import drizzle; only routes/plugins import fastify.
// Inside the web app, features never import each other.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const allowed = {
  'packages/domain': [],
  'packages/contracts': ['domain'],
  'packages/db': ['domain'],
  'apps/odoo-sim': [],
  'apps/server': ['contracts', 'domain', 'db', 'odoo-sim'],
  'apps/web': ['contracts', 'domain'],
};
const problems = [];
function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.(ts|tsx)$/.test(name)) out.push(p);
  }
  return out;
}
const importRe = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
for (const [ws, ok] of Object.entries(allowed)) {
  let files = [];
  try {
    files = walk(join(root, ws));
  } catch {
    continue;
  }
  for (const file of files) {
    const rel = relative(root, file).split(sep).join('/');
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(importRe)) {
      const spec = m[1] ?? m[2];
      const own = spec.match(/^@quotewright\/([^/]+)/);
      if (own && !ok.includes(own[1])) problems.push(`${rel}: ${ws} must not import @quotewright/${own[1]}`);
      if (ws === 'apps/server' && /^drizzle-orm/.test(spec))
        problems.push(`${rel}: import query helpers from @quotewright/db`);
      if (ws === 'apps/server' && spec === '@quotewright/db' && !/^import type /.test(m[0])) {
        // Repositories are the only database users; app/main only open the database; tests and test kits seed it.
        const isRepo = /\.repository\.ts$|\/test\/|\.test\.ts$|testkit\.ts$|src\/(app|main)\.ts$/.test(rel);
        if (!isRepo) problems.push(`${rel}: only repositories use @quotewright/db`);
      }
      if (ws === 'apps/server' && /^fastify$|^@fastify\//.test(spec)) {
        const isHttp = /\.routes\.ts$|\/plugins\/|\/app\.ts$|\/main\.ts$|\.test\.ts$|\/test\/|\/http\//.test(rel);
        if (!isHttp && !/^import type /.test(m[0])) problems.push(`${rel}: only routes and plugins import fastify`);
      }
      if (ws === 'apps/web') {
        const feat = rel.match(/apps\/web\/src\/features\/([^/]+)\//);
        if (feat && spec.startsWith('.')) {
          const target = join(file, '..', spec);
          const t = relative(root, target).split(sep).join('/');
          const tf = t.match(/apps\/web\/src\/features\/([^/]+)/);
          if (tf && tf[1] !== feat[1]) problems.push(`${rel}: feature ${feat[1]} must not import feature ${tf[1]}`);
        }
      }
    }
  }
}
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log('import rules: ok');
