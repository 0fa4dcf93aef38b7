import { describe, expect, it } from 'vitest';
import { insertUser } from './factories';
import { createDb, users } from './index';

describe('createDb on PGlite', () => {
  it('migrates an empty database and round-trips a user', async () => {
    const database = await createDb();
    await database.migrate();
    const u = await insertUser(database.db, { name: 'Ada', email: 'ada@example.com' });
    const rows = await database.db.select().from(users);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: u.id, name: 'Ada', email: 'ada@example.com', isAdmin: false });
    expect(rows[0]?.modules.sales).toEqual({ enabled: false, level: 'viewer' });
    expect(rows[0]?.preferences).toEqual({ darkMode: true, wideScreen: false, discreteMode: false });
    await database.close();
  });

  it('re-running migrations is a no-op and the e-mail stays unique', async () => {
    const database = await createDb();
    await database.migrate();
    await database.migrate();
    await insertUser(database.db, { email: 'x@example.com' });
    await expect(insertUser(database.db, { email: 'x@example.com' })).rejects.toThrow();
    await database.close();
  });

  it('a dumped data directory restores into a new instance', async () => {
    const database = await createDb();
    await database.migrate();
    await insertUser(database.db, { email: 'kept@example.com' });
    const blob = await database.dump!();
    await database.close();
    const copy = await createDb({ loadDataDir: blob });
    const rows = await copy.db.select().from(users);
    expect(rows.map((r) => r.email)).toEqual(['kept@example.com']);
    await copy.close();
  });
});
