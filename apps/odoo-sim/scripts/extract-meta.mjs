// Builds src/meta/fields-18.json and fields-19.json from the recorded fields_get answers in odoo-samples.
// Usage: node scripts/extract-meta.mjs [/path/to/odoo-samples]
import fs from 'node:fs';
import path from 'node:path';

const root = process.argv[2] ?? '/work/shared/odoo-samples';
const out = new URL('../src/meta/', import.meta.url);
const dirs = { 18: ['.', 'more'], 19: ['v19', 'more/v19'] };
for (const [ver, ds] of Object.entries(dirs)) {
  const meta = {};
  for (const d of ds) {
    const dir = path.join(root, d);
    if (!fs.existsSync(dir)) continue;
    for (const f of fs.readdirSync(dir).filter((n) => n.includes('fields_get') && n.endsWith('.json'))) {
      const j = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
      const req = j.request;
      let model;
      let result;
      let attrsOnly;
      if (req.params) {
        model = req.params.args[3];
        result = j.response.result;
        attrsOnly = req.params.args[5]?.[0];
      } else {
        model = req.path.split('/')[3];
        result = j.response;
        attrsOnly = req.body?.allfields;
      }
      if (!result || typeof result !== 'object') continue;
      if (attrsOnly?.length) {
        // partial dump (a few fields): only fill gaps
        meta[model] ??= {};
        for (const [k, v] of Object.entries(result)) meta[model][k] = { ...v, ...(meta[model][k] ?? {}) };
        continue;
      }
      const prev = meta[model] ?? {};
      const next = {};
      for (const [k, v] of Object.entries(result)) next[k] = { ...(prev[k] ?? {}), ...v };
      for (const [k, v] of Object.entries(prev)) if (!(k in next)) next[k] = v;
      meta[model] = next;
    }
  }
  fs.writeFileSync(new URL(`fields-${ver}.json`, out), JSON.stringify(meta));
  console.log(
    ver,
    Object.keys(meta)
      .map((m) => `${m}:${Object.keys(meta[m]).length}`)
      .join(' '),
  );
}
