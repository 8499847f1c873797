/** Payload types of the security area's API answers (the `message` of a success envelope). */

/** A signed-in device (`GET /safe/sessions`). */
export interface SessionInfo {
  id: number;
  created_at: number;
  last_seen_at: number;
  ip: string | null;
  user_agent: string | null;
  current: boolean;
  remember: boolean;
}
