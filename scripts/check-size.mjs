// Function and component size bounds (docs/architecture.md "Small functions"): no function over 150 lines in the
// server, the simulator and the packages; no React component (a function in apps/web returning JSX) over 250 lines.
// Prints every offender and exits 1 when there is one. `--all N` lists every function over N lines instead.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const root = new URL('..', import.meta.url).pathname;
const bounds = [
  { dir: 'apps/server/src', max: 150 },
  { dir: 'apps/odoo-sim/src', max: 150 },
  { dir: 'packages', max: 150 },
  { dir: 'apps/web/src', max: 250, componentsOnly: true },
];
const listAt = process.argv[2] === '--all' ? Number(process.argv[3] ?? 100) : null;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* files(p);
    else if (/\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) && !name.endsWith('.d.ts')) yield p;
  }
}

function nameOf(node) {
  if (node.name) return node.name.getText();
  const p = node.parent;
  if (p && ts.isVariableDeclaration(p)) return p.name.getText();
  if (p && ts.isPropertyAssignment(p)) return p.name.getText();
  if (p && ts.isCallExpression(p) && p.parent && ts.isVariableDeclaration(p.parent)) return p.parent.name.getText();
  return '(anonymous)';
}

function returnsJsx(node) {
  let found = false;
  const visit = (n) => {
    if (found) return;
    if (n !== node && (ts.isFunctionLike(n) || ts.isClassLike(n))) return;
    if (ts.isJsxElement(n) || ts.isJsxSelfClosingElement(n) || ts.isJsxFragment(n)) found = true;
    else ts.forEachChild(n, visit);
  };
  ts.forEachChild(node, visit);
  return found;
}

const offenders = [];
for (const b of bounds) {
  for (const file of files(join(root, b.dir))) {
    const text = readFileSync(file, 'utf8');
    const sf = ts.createSourceFile(
      file,
      text,
      ts.ScriptTarget.Latest,
      true,
      file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    const visit = (node) => {
      if (
        ts.isFunctionDeclaration(node) ||
        ts.isFunctionExpression(node) ||
        ts.isArrowFunction(node) ||
        ts.isMethodDeclaration(node)
      ) {
        const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
        const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
        const lines = end - start + 1;
        const limit = listAt ?? b.max;
        const counts = listAt !== null || !b.componentsOnly || returnsJsx(node);
        if (counts && lines > limit)
          offenders.push({ where: `${relative(root, file)}:${start + 1}`, name: nameOf(node), lines, max: b.max });
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
}
offenders.sort((a, b) => b.lines - a.lines);
for (const o of offenders) console.log(`${String(o.lines).padStart(5)}  ${o.name}  ${o.where}  (bound ${o.max})`);
if (listAt === null && offenders.length > 0) {
  console.error(`check-size: ${offenders.length} function(s) over their bound`);
  process.exit(1);
}
