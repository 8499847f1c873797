import { useTranslation } from 'react-i18next';
import type { PageRoute } from '../../routing';
import { ContentView } from '../../ui/ContentView';
import { DelayedFallback } from '../../ui/DelayedFallback';
import { Empty } from '../../ui/Empty';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { useQuery } from '../../ui/useQuery';

/** Endpoints that answer one help text (`ContentPage`). */
export type HelpContentPath = '/contactus' | '/aboutus' | '/operational_compliance';

interface HelpContentPageProps {
  path: HelpContentPath;
  /** The route, for the nav-bar title. */
  route: Pick<PageRoute, 'area' | 'page'>;
}

/** A help page whose text comes from the server: contact us, about us, compliance. */
export function HelpContentPage({ path, route }: HelpContentPageProps) {
  const { t } = useTranslation();
  const { data, error, reload } = useQuery(path);
  return (
    <Page title={pageTitle(t, route)}>
      {error ? (
        <Empty text={t('common.loadFailed')} action={{ label: t('common.retry'), onClick: reload }} />
      ) : data ? (
        <ContentView page={data} />
      ) : (
        <DelayedFallback />
      )}
    </Page>
  );
}
