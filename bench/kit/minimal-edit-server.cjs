// The least a server can do for a line edit on PostgreSQL, as a reference for `npm run bench server`: node:http, the
// JSON body parsed, ONE prepared writing statement (the sale's touch, the line's update and an activity row, each
// only if the touch happened, as the app's own one-statement edit), a JSON answer. No framework, no validation, no
// authentication, no log. Tables bench_min_* of the bench's throwaway database (made by the bench). Prints its port.
const http = require('node:http');
const pg = require('pg');

const pool = new pg.Pool({ connectionString: process.env.MINIMAL_DATABASE_URL, max: 2 });
const text = `with touched as (update bench_min_sales set version = version + 1, total = $3 where id = $1
    returning id, version),
  changed as (update bench_min_lines set qty = $4 where id = $2 and exists (select 1 from touched) returning *),
  act as (insert into bench_min_activity (sale_id, version, detail) select id, version, $5::jsonb from touched
    returning 1)
  select changed.*, (select version from touched) as version from changed`;
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const b = JSON.parse(Buffer.concat(chunks).toString());
    pool.query({ name: 'edit', text, values: [b.sale, b.line, b.total, b.qty, JSON.stringify({ qty: b.qty })] }).then(
      (r) => {
        const body = JSON.stringify({ line: r.rows[0] ?? null });
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
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
