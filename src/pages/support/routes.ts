import { defineArea } from '../../routing';

/** The customer-service conversation (signed in), at the spec's `kefu/index`. */
const routes = defineArea(
  'support',
  { index: { load: () => import('./SupportPage') } },
  { url: 'kefu', namespaces: ['support', 'upload'] },
);
export default routes;

declare module '../../paths' {
  interface DeclaredAreas {
    support: typeof routes;
  }
}
