/** Payload types of the notifications area's API answers (the `message` of a success envelope). */

/** A system notification; the app renders `notifications.<kind>.title/body` with `params`. */
export interface NotificationItem {
  id: number;
  kind: string;
  params: Record<string, string | number>;
  created_at: number;
  read: boolean;
}
