// The least a server can do for a line edit, as a reference for `npm run bench server`: node:http, the JSON body
// parsed, ONE writing statement (the sale's touch, the line's update and an activity row, each only if the touch
// happened, as the app's own one-statement edit), a JSON answer. No framework, no validation, no authentication, no
// log. On PostgreSQL (MINIMAL_DATABASE_URL: tables bench_min_* of the bench's throwaway database, the statement
// prepared) or on an embedded PGlite of its own (MINIMAL_PGLITE_DIR: a fresh data directory, as `npm start` keeps
// one). It makes its tables and a sale of MINIMAL_LINES lines (id MINIMAL_SALE), then prints one JSON line:
// { port, lines: [line ids] }.
const http = require('node:http');

const SETUP = `create table bench_min_sales (id uuid primary key, version int not null, total numeric(14, 2));
  create table bench_min_lines (id uuid primary key default gen_random_uuid(),
    sale_id uuid not null references bench_min_sales (id), qty numeric(12, 3), price numeric(14, 2), description text);
  create index on bench_min_lines (sale_id);
  create table bench_min_activity (id bigserial primary key, sale_id uuid, version int, detail jsonb,
    created_at timestamptz not null default now())`;
const text = `with touched as (update bench_min_sales set version = version + 1, total = $3 where id = $1
    returning id, version),
  changed as (update bench_min_lines set qty = $4 where id = $2 and exists (select 1 from touched) returning *),
  act as (insert into bench_min_activity (sale_id, version, detail) select id, version, $5::jsonb from touched
    returning 1)
  select changed.*, (select version from touched) as version from changed`;

/** { exec(sql), query(text, values): rows } on the engine the environment names. */
async function connect() {
  if (process.env.MINIMAL_PGLITE_DIR) {
    const { PGlite } = require('@electric-sql/pglite');
    const db = await PGlite.create(process.env.MINIMAL_PGLITE_DIR);
    return {
      exec: (sql) => db.exec(sql),
      query: async (values) => (await db.query(text, values)).rows,
      rows: async (sql, values) => (await db.query(sql, values)).rows,
    };
  }
  const pg = require('pg');
  const pool = new pg.Pool({ connectionString: process.env.MINIMAL_DATABASE_URL, max: 2 });
  return {
    exec: (sql) => pool.query(sql),
    query: async (values) => (await pool.query({ name: 'edit', text, values })).rows,
    rows: async (sql, values) => (await pool.query(sql, values)).rows,
  };
}

async function main() {
  const db = await connect();
  const sale = process.env.MINIMAL_SALE;
  await db.exec(SETUP);
  await db.rows('insert into bench_min_sales values ($1, 1, 0)', [sale]);
  const lines = await db.rows(
    `insert into bench_min_lines (sale_id, qty, price, description)
      select $1, 1, 10, 'a line' from generate_series(1, $2::int) returning id`,
    [sale, Number(process.env.MINIMAL_LINES ?? 1000)],
  );
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const b = JSON.parse(Buffer.concat(chunks).toString());
      db.query([b.sale, b.line, b.total, b.qty, JSON.stringify({ qty: b.qty })]).then(
        (rows) => {
          const body = JSON.stringify({ line: rows[0] ?? null });
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
          res.end(body);
        },
        (err) => {
          res.writeHead(500);
          res.end(String(err));
        },
      );
    });
  });
  server.listen(0, '127.0.0.1', () =>
    console.log(JSON.stringify({ port: server.address().port, lines: lines.map((l) => l.id) })),
  );
}
main().catch((err) => {
  console.error(err);
  process.exit(1);
});
