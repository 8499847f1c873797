/**
 * The customer-service commands of `npm run ops`: `tickets` lists the
 * conversations (unread user messages first); `reply <user id|email> <text> [--image <file>]`
 * answers one, delivered live to the user's private channel.
 */
import { readFileSync } from 'node:fs';
import type { CliKit, Command } from '../ops/cliKit';

export default function supportCommands(kit: CliKit): Record<string, Command> {
  return {
    tickets: {
      args: '',
      help: 'customer-service conversations, those with unread user messages first',
      async run() {
        const rows = await kit.call('/support/tickets', {});
        kit.table(
          rows.map((r) => ({ ...r, last_at: kit.time(r.last_at) })),
          ['user_id', 'user', 'unread', 'last_sender', 'last_body', 'last_at'],
        );
      },
    },
    reply: {
      args: '<user id|email> <text> [--image <file>]',
      help: "answer a user's customer-service conversation",
      async run(args) {
        const imageAt = args.indexOf('--image');
        const file = imageAt >= 0 ? args[imageAt + 1] : undefined;
        if (imageAt >= 0 && !file) throw kit.usage('--image needs a file');
        const rest = imageAt >= 0 ? [...args.slice(0, imageAt), ...args.slice(imageAt + 2)] : args;
        const [user, ...words] = rest;
        if (!user || (!words.length && !file)) throw kit.usage('usage: reply <user id|email> <text> [--image <file>]');
        const m = await kit.call('/support/reply', {
          user,
          body: words.join(' '),
          image_base64: file ? readFileSync(file).toString('base64') : undefined,
        });
        console.log(`reply #${m.id} sent`);
      },
    },
  };
}
