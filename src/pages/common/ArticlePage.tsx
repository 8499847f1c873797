import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { apiQuery } from '../../api/queries';
import { Empty } from '../../ui/Empty';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { useTimeText } from '../../ui/useTimeText';
import styles from './ArticlePage.module.css';

/** One news article or notice (`GET /news/detail`). */
export default function ArticlePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const timeText = useTimeText();
  const valid = /^\d+$/.test(id);
  const { data, isError, refetch } = useQuery({ ...apiQuery('/news/detail', { id }), enabled: valid });
  return (
    <Page title={pageTitle(t, { area: 'common', page: 'article' })}>
      {!valid || isError ? (
        <Empty text={t('common.loadFailed')} action={{ label: t('common.retry'), onClick: () => void refetch() }} />
      ) : data ? (
        <article className={styles.article}>
          <h2 className={styles.title}>{data.title}</h2>
          <time className={styles.time}>{timeText(data.created_at)}</time>
          {data.image && <img className={styles.image} src={data.image} alt="" />}
          {data.body.split(/\n\s*\n/).map((p, i) => (
            <p key={i} className={styles.paragraph}>
              {p}
            </p>
          ))}
        </article>
      ) : null}
    </Page>
  );
}
