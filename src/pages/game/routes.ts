import { defineArea } from '../../routing';

/** The game area's pages (issue 16 part 3, docs/community/GAME.md): the points-only price game. */
export default defineArea(
  'game',
  {
    game: { load: () => import('./GamePage') },
  },
  { namespaces: ['game'] },
);
