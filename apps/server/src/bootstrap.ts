import { randomBytes } from 'node:crypto';
import { defaultModules, defaultPreferences } from '@quotewright/domain';
import type { Config } from './config';
import { hashPassword } from './infra/passwords';
import type { SettingsRepository } from './infra/settings.repository';
import { newInstallationId } from './modules/erp/order-keys';
import type { UsersRepository } from './modules/users/users.repository';

interface Log {
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
}

/** JWT_SECRET from config, else one generated on first start and kept in the database (shared by every process). */
export async function resolveJwtSecret(config: Config, settings: SettingsRepository): Promise<string> {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  await settings.insertIfAbsent('jwt_secret', randomBytes(48).toString('base64url'));
  const secret = await settings.get('jwt_secret');
  if (!secret) throw new Error('could not persist the generated JWT secret');
  return secret;
}

/**
 * This installation's id, made once (at the first start on a database) and kept there, shared by every process: the
 * keys of the ERP orders it publishes derive from it (modules/erp/order-keys.ts).
 */
export async function resolveInstallationId(settings: SettingsRepository): Promise<string> {
  await settings.insertIfAbsent('installation_id', newInstallationId());
  const id = await settings.get('installation_id');
  if (!id) throw new Error('could not persist the installation id');
  return id;
}

/**
 * First start on an empty database: one admin from ADMIN_EMAIL/ADMIN_PASSWORD, or admin@example.com with a random
 * password printed once. A marker row makes sure this happens once, even with several processes starting together.
 */
export async function bootstrapFirstAdmin(
  config: Config,
  users: UsersRepository,
  settings: SettingsRepository,
  log: Log,
): Promise<{ created: boolean; email?: string; password?: string }> {
  if ((await settings.get('first_admin_created')) !== undefined) return { created: false };
  if ((await users.countAll()) > 0) {
    await settings.insertIfAbsent('first_admin_created', new Date().toISOString());
    return { created: false };
  }
  if (!(await settings.insertIfAbsent('first_admin_created', new Date().toISOString()))) return { created: false };
  const email = (config.ADMIN_EMAIL ?? 'admin@example.com').toLowerCase();
  const generated = !config.ADMIN_PASSWORD;
  const password = config.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
  await users.insert({
    name: 'Administrator',
    email,
    passwordHash: await hashPassword(password),
    isAdmin: true,
    modules: defaultModules(),
    preferences: defaultPreferences(),
  });
  if (generated) {
    // Printed once, on purpose: there is no other way to learn it.
    log.warn(
      `First start: created the administrator ${email} with the password ${password} — change it after signing in.`,
    );
  } else {
    log.info({ email }, 'First start: created the administrator from ADMIN_EMAIL');
  }
  return { created: true, email, password };
}
