import { defineArea } from '../../routing';

/** The game area's pages (docs/community/GAME.md): the points-only price game. */
const routes = defineArea(
  'game',
  {
    game: { load: () => import('./GamePage') },
  },
  { namespaces: ['game'] },
);
export default routes;

declare module '../../paths' {
  interface DeclaredAreas {
    game: typeof routes;
  }
}
