/** Payload types of the auth area's API answers (the `message` of a success envelope). */

/** One code in the development outbox (`GET /api/dev/outbox`, only with DEV_OUTBOX=1). */
export interface OutboxEntry {
  to: string;
  scene: string;
  code: string;
  at: number;
}
