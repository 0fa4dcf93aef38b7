import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb } from '@quotewright/db';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    pgTemplate: string;
  }
}

/**
 * Migrates one database per run and hands it to every test file: PGlite as a data-dir tarball (a new initdb
 * costs seconds), PostgreSQL as a template database each file clones.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB_ENGINE === 'pg' || project.config.env?.TEST_DB_ENGINE === 'pg') {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('the server-pg project needs DATABASE_URL');
    const template = `qw_tpl_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    const database = await createDb({ url: withDatabase(url, template), poolSize: 1 });
    await database.migrate();
    await database.close();
    // No connection to the template from now on, so that no clone of it is ever refused for one ("being accessed by
    // other users"); PostgreSQL itself waits for the migration's connection, just closed, to leave.
    await admin.query(`ALTER DATABASE ${template} WITH ALLOW_CONNECTIONS false`);
    project.provide('pgTemplate', template);
    project.provide('pgliteSnapshot', '');
    return async () => {
      const { rows } = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`,
        [`${template}_f%`, template],
      );
      for (const r of rows) await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
      await admin.end();
    };
  }
  const database = await createDb();
  await database.migrate();
  const blob = await database.dump!();
  await database.close();
  const file = join(mkdtempSync(join(tmpdir(), 'qw-pglite-')), 'migrated.tar');
  writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  project.provide('pgTemplate', '');
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
export function adminUrl(url: string): string {
  return withDatabase(url, 'postgres');
}
