import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Empty } from '../../ui/Empty';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { useQuery } from '../../ui/useQuery';
import { useTimeText } from '../../ui/useTimeText';
import styles from './ArticlePage.module.css';

/** One news article or notice (`GET /news/detail`). */
export default function ArticlePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const timeText = useTimeText();
  const { data, error, reload } = useQuery('/news/detail', { id }, /^\d+$/.test(id));
  return (
    <Page title={pageTitle(t, { area: 'common', page: 'article' })}>
      {!/^\d+$/.test(id) || error ? (
        <Empty text={t('common.loadFailed')} action={{ label: t('common.retry'), onClick: reload }} />
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
