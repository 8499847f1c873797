import { randomBytes } from 'node:crypto';
import type { Db } from '../db/db';

/**
 * Secrets made once for all nodes and kept in `server_secrets` (the platform owns the table):
 * the verification codes' HMAC key, the upload URLs' signing key.
 */
export class ServerSecrets {
  constructor(private readonly db: Db) {}

  /** The secret called `name`: created (32 random bytes) by the first node that asks, then shared. */
  async get(name: string): Promise<Buffer> {
    await this.db.query('INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
      name,
      randomBytes(32).toString('base64'),
    ]);
    const [row] = await this.db.query<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [name]);
    return Buffer.from(row!.value, 'base64');
  }
}
