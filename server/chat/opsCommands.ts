/**
 * The chat operator commands of `npm run ops`: `chat-mute <user id|email>
 * <minutes> [reason]` and `chat-delete <message id>` (gone live for everyone in the room).
 */
import type { CliKit, Command } from '../ops/cliKit';

export default function chatCommands(kit: CliKit): Record<string, Command> {
  return {
    'chat-mute': {
      args: '<user id|email> <minutes> [reason]',
      help: 'mute a user in the chat rooms for some minutes',
      async run(args) {
        const [user, minutes, ...reason] = args;
        if (!user || !minutes || !/^\d+$/.test(minutes)) throw kit.usage('usage: chat-mute <user id|email> <minutes> [reason]');
        const mute = await kit.call('/chat/mute', { user, minutes, reason: reason.join(' ') });
        console.log(`user ${mute.user_id} muted until ${kit.time(mute.until)}${mute.reason ? ` (${mute.reason})` : ''}`);
      },
    },
    'chat-delete': {
      args: '<message id>',
      help: 'delete a chat message (it disappears live for everyone)',
      async run(args) {
        const [id] = args;
        if (!id || !/^\d+$/.test(id)) throw kit.usage('usage: chat-delete <message id>');
        const result = await kit.call('/chat/delete', { id });
        console.log(result.deleted ? `message ${result.id} deleted` : `message ${result.id} not found (or already deleted)`);
      },
    },
  };
}
