import { PROTOCOL_VERSION } from '../../domain/protocol';
import type { Slice } from '../slice';

/** The feed's connection state, shown by the UI. */
export type FeedStatus = 'connecting' | 'live' | 'resyncing' | 'stale';

export interface ConnectionChanges {
  status?: FeedStatus;
  /**
   * Whether the server speaks another `PROTOCOL_VERSION` than this build: the UI offers a
   * reload. Sent when it changes.
   */
  versionMismatch?: boolean;
}

/** The connection's status and the server's protocol version, as the UI shows them. */
export class ConnectionSlice implements Slice<ConnectionChanges> {
  private status: FeedStatus | null = null;
  private versionMismatch: boolean | null = null;
  private versionReported = false;

  setStatus(status: FeedStatus): void {
    this.status = status;
  }

  /** Records the protocol version the server announced in `hello`. */
  setServerVersion(version: number): void {
    const mismatch = version !== PROTOCOL_VERSION;
    if (mismatch === this.versionMismatch) return;
    this.versionMismatch = mismatch;
    this.versionReported = false;
  }

  get isDirty(): boolean {
    return this.status !== null || (this.versionMismatch !== null && !this.versionReported);
  }

  take(): ConnectionChanges {
    const changes: ConnectionChanges = {};
    if (this.status !== null) changes.status = this.status;
    if (this.versionMismatch !== null && !this.versionReported) {
      changes.versionMismatch = this.versionMismatch;
      this.versionReported = true;
    }
    this.status = null;
    return changes;
  }
}
