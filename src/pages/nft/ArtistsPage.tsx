/** Every artist (`nft/artist`), paged. */
import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { ArtistList } from './lists';

export default function ArtistsPage() {
  const { t } = useTranslation();
  return (
    <Page title={pageTitle(t, { area: 'nft', page: 'artist' })}>
      <ArtistList />
    </Page>
  );
}
