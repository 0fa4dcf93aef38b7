#!/usr/bin/env node
// Builds the server into apps/server/dist/main.js (what `npm start` runs): the server and the workspace packages it
// uses (domain, contracts, db, odoo-sim) bundled into one ES module, the npm packages left as imports. Node then runs
// plain JavaScript: no TypeScript loader transpiling and resolving at run time (tsx adds a launcher process and its
// hooks to every module load and `require`), and a start without compiling anything.
// `import.meta.url` / `import.meta.dirname` keep meaning the source file's own location (the migrations folder, the
// simulator's field lists, the web app's dist are found next to their sources, as in development).
import { mkdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = join(root, 'apps/server/dist');
const outfile = join(outdir, 'main.js');

/**
 * npm packages stay imports, resolved from node_modules at run time; the workspace's own packages are bundled. An
 * import that would resolve to another file from the bundle's folder than from its source (a package installed in a
 * workspace's own node_modules) stops the build.
 */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData?.checking || args.path.startsWith('@quotewright/') || args.path.startsWith('node:')) return;
      const resolve = (resolveDir) =>
        b.resolve(args.path, { kind: args.kind, resolveDir, importer: args.importer, pluginData: { checking: true } });
      const [source, bundle] = await Promise.all([resolve(args.resolveDir), resolve(outdir)]);
      if (source.errors.length === 0 && (bundle.errors.length > 0 || bundle.path !== source.path)) {
        return {
          errors: [
            {
              text: `${args.path} is ${source.path} for ${args.importer} but ${bundle.path || 'missing'} for the bundle`,
            },
          ],
        };
      }
      return { path: args.path, external: true };
    });
  },
};

/** `import.meta` of a bundled file, as it was in its source file: its URL and folder, relative to the bundle. */
const sourceImportMeta = {
  name: 'source-import-meta',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      let code = await readFile(args.path, 'utf8');
      if (code.includes('import.meta.')) {
        const rel = relative(outdir, args.path).split('\\').join('/');
        const url = `new URL(${JSON.stringify(rel)}, import.meta.url).href`;
        code = code
          .replaceAll('import.meta.url', `(${url})`)
          .replaceAll('import.meta.dirname', `__sourceDirname(${url})`);
      }
      return { contents: code, loader: 'ts' };
    });
  },
};

rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });
await build({
  entryPoints: [join(root, 'apps/server/src/main.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: 'linked',
  sourcesContent: false,
  plugins: [externalPackages, sourceImportMeta],
  banner: {
    js: [
      "import { fileURLToPath as __fileURLToPath } from 'node:url';",
      "const __sourceDirname = (url) => __fileURLToPath(new URL('.', url)).replace(/[\\/]$/, '');",
    ].join('\n'),
  },
  logLevel: 'warning',
});
