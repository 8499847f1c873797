import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { NEWS_CATEGORY } from '../../../domain/content/types';
import { apiQuery } from '../../api/queries';
import { Empty } from '../../ui/Empty';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { useTimeText } from '../../ui/useTimeText';
import styles from './ArticlePage.module.css';
import { pagePath } from '../../paths';

/** One news article or notice (`GET /news/detail`); without `id=`, the news list to pick one from. */
export default function ArticlePage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return id === null ? <ArticleList /> : <Article id={id} />;
}

/** The latest news (`GET /news/list`, category news), each opening its article. */
function ArticleList() {
  const { t } = useTranslation();
  const timeText = useTimeText();
  const { data, isError, refetch } = useQuery(apiQuery('/news/list', { c_id: String(NEWS_CATEGORY.news), limit: '50' }));
  return (
    <Page title={t('system.article.news')}>
      {isError ? (
        <Empty text={t('common.loadFailed')} action={{ label: t('common.retry'), onClick: () => void refetch() }} />
      ) : data && !data.data.length ? (
        <Empty text={t('common.noData')} />
      ) : (
        <ul className={styles.list} data-testid="article-list">
          {data?.data.map((n) => (
            <li key={n.id}>
              <Link to={pagePath('common', 'article', { id: n.id })} className={styles.item}>
                <b className={styles.itemTitle}>{n.title}</b>
                <span className={styles.itemSummary}>{n.summary}</span>
                <time className={styles.time}>{timeText(n.created_at, 'YYYY-MM-DD')}</time>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}

function Article({ id }: { id: string }) {
  const { t } = useTranslation();
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
