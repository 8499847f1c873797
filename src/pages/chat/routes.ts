import { defineArea } from '../../routing';

/**
 * The chat area (issue 16 part 1, docs/community/CHAT.md): the public room of the interface
 * language. Anyone may read it; sending asks for a sign-in.
 */
export default defineArea('chat', { room: { load: () => import('./ChatRoomPage'), public: true } }, { namespaces: ['chat'] });
