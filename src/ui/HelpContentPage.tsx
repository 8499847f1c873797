import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageRoute } from '../routing';
import { apiQuery } from '../api/queries';
import { ContentView } from './ContentView';
import { DelayedFallback } from './DelayedFallback';
import { Empty } from './Empty';
import { Page } from './Page';
import { pageTitle } from './pageTitle';

/** Endpoints that answer one help text (`ContentPage`). */
export type HelpContentPath = '/contactus' | '/aboutus' | '/operational_compliance';

interface HelpContentPageProps {
  path: HelpContentPath;
  /** The route, for the nav-bar title. */
  route: Pick<PageRoute, 'area' | 'page'>;
  /** What follows the text once it has loaded (contact us: the way into the support chat). */
  footer?: ReactNode;
}

/** A help page whose text comes from the server: contact us, about us, compliance. */
export function HelpContentPage({ path, route, footer }: HelpContentPageProps) {
  const { t } = useTranslation();
  const { data, isError, refetch } = useQuery(apiQuery(path));
  return (
    <Page title={pageTitle(t, route)}>
      {isError && !data ? (
        <Empty text={t('common.loadFailed')} action={{ label: t('common.retry'), onClick: () => void refetch() }} />
      ) : data ? (
        <>
          <ContentView page={data} />
          {footer}
        </>
      ) : (
        <DelayedFallback />
      )}
    </Page>
  );
}
