import { proxy } from 'valtio';

/** Site name and logo from `GET /getSiteConfig`, read at launch. */
export const siteState = proxy({ site_name: 'Kestrel', logo: '/logo.svg' });
