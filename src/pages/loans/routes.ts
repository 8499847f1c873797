import { defineArea } from '../../routing';

/** The loans page (borrowing against collateral), at the spec's `common/borrowing`. */
const routes = defineArea(
  'loans',
  { borrowing: { load: () => import('./LoansPage') } },
  { url: 'common', namespaces: ['auth', 'help', 'loans', 'system', 'security', 'targets'] },
);
export default routes;

declare module '../../paths' {
  interface DeclaredAreas {
    loans: typeof routes;
  }
}
