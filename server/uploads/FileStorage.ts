import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded bytes live, by file name. The rows saying whose a file is stay in the database;
 * this holds only the bytes. `FolderStorage` is a folder on disk: with several nodes, one every
 * node mounts (NFS, a shared volume: `UPLOADS_DIR`). An object store (S3 and the like)
 * implements the same three calls: `put` = PutObject, `open` = a GetObject stream, `remove` =
 * DeleteObject.
 */
export interface FileStorage {
  /** Stores `data` under `name`, whole or not at all. */
  put(name: string, data: Buffer): Promise<void>;
  /** The bytes of `name`. */
  open(name: string): Readable;
  remove(name: string): Promise<void>;
}

/** Files in one folder, written atomically (a temporary file, then a rename). */
export class FolderStorage implements FileStorage {
  private constructor(readonly dir: string) {}

  static async open(dir: string): Promise<FolderStorage> {
    await mkdir(dir, { recursive: true });
    return new FolderStorage(dir);
  }

  async put(name: string, data: Buffer): Promise<void> {
    const file = this.path(name);
    const temp = `${file}.${process.pid}.part`;
    await writeFile(temp, data, { mode: 0o640 });
    try {
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  open(name: string): Readable {
    return createReadStream(this.path(name));
  }

  async remove(name: string): Promise<void> {
    await rm(this.path(name), { force: true });
  }

  private path(name: string): string {
    // Names are ours (random hex + extension); refuse anything that could leave the folder.
    if (name !== path.basename(name) || name.startsWith('.')) throw new Error(`bad file name ${name}`);
    return path.join(this.dir, name);
  }
}
