// Password hashing, shared by auth (log-in checks) and users (an administrator sets a password): in infra, so that
// neither module imports the other for it (decision 0024).
import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id (m=19 MiB, t=2, p=1: the OWASP baseline).
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    // Same work as a real check, so an unknown e-mail is not told apart by timing.
    await verify(DUMMY_HASH, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$1GSrjH2oHm2k8U0A0cb9V5CwzjUq2uOYrErTvH+zxes';
