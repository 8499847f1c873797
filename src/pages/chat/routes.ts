import { defineArea } from '../../routing';

/**
 * The chat area (docs/community/CHAT.md): the public room of the interface
 * language. Anyone may read it; sending asks for a sign-in.
 */
const routes = defineArea('chat', { room: { load: () => import('./ChatRoomPage'), public: true } }, { namespaces: ['chat'] });
export default routes;

declare module '../../paths' {
  interface DeclaredAreas {
    chat: typeof routes;
  }
}
