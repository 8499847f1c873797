import { defineArea } from '../../routing';

/** The game area's pages (spec §2); none is built yet, so each shows "function under development". */
export default defineArea('game', {
  game: {},
});
