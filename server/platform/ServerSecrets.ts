import { randomBytes } from 'node:crypto';
import type { Db } from '../db/db';

/**
 * Secrets made once for all nodes and kept in `server_secrets` (the platform owns the table):
 * the verification codes' HMAC key, the upload URLs' signing key, the Web Push VAPID key pair.
 * On PGlite the table lives in `DATA_DIR`'s database; on PostgreSQL every node shares it.
 */
export class ServerSecrets {
  constructor(private readonly db: Db) {}

  /** The secret called `name`: created (32 random bytes) by the first node that asks, then shared. */
  async get(name: string): Promise<Buffer> {
    return Buffer.from(await this.text(name, () => randomBytes(32).toString('base64')), 'base64');
  }

  /**
   * The secret called `name` as text: created with `make()` by the first node that asks (the
   * first insert wins a race, the others read it), then shared. For secrets that are not random
   * bytes, such as a key pair kept as JSON.
   */
  async text(name: string, make: () => string): Promise<string> {
    await this.db.query('INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, make()]);
    const [row] = await this.db.query<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [name]);
    return row!.value;
  }
}
