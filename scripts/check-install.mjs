// Keeps a clean `npm ci` free of warnings for a newcomer:
// - every locked package supports every Node version the root package.json's `engines` admits (else npm prints
//   EBADENGINE on the Node versions the README names);
// - every locked package with an install script is listed in the root's `allowScripts` (else npm lists it as
//   "not covered by allowScripts").
import { readFileSync } from 'node:fs';
import semver from 'semver';

const root = new URL('..', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8'));

const supported = pkg.engines?.node;
const problems = [];
if (!supported || !semver.validRange(supported)) problems.push(`package.json: engines.node is missing or invalid`);
const allowScripts = pkg.allowScripts ?? {};

/**
 * Whether allowScripts covers this package: its name, or `name@range` that the version satisfies, set to true (run)
 * or false (not run, and npm says nothing: msw's postinstall only copies a browser worker the tests do not use).
 */
function allowed(name, version) {
  for (const [key, value] of Object.entries(allowScripts)) {
    const at = key.lastIndexOf('@');
    const keyName = at > 0 ? key.slice(0, at) : key;
    const range = at > 0 ? key.slice(at + 1) : '*';
    if (keyName === name && semver.satisfies(version, range)) return typeof value === 'boolean';
  }
  return false;
}

for (const [path, entry] of Object.entries(lock.packages ?? {})) {
  if (!path.includes('node_modules/') || entry.link) continue;
  const name = entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
  const id = `${name}@${entry.version}`;
  const needs = entry.engines?.node;
  if (supported && needs && semver.validRange(needs) && !semver.subset(supported, needs)) {
    problems.push(`${id} requires node ${needs}; package.json engines admits ${supported} (${path})`);
  }
  if (entry.hasInstallScript && !allowed(name, entry.version)) {
    problems.push(`${id} has an install script not allowed in package.json allowScripts (${path})`);
  }
}

if (problems.length > 0) {
  console.error(`check-install: ${problems.length} problem(s) a clean install would warn about:`);
  for (const p of problems) console.error(`  - ${p}`);
  process.exit(1);
}
console.log('check-install: every locked package supports the engines range; install scripts are declared');
