import { useQuery } from '@tanstack/react-query';
import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FaqItem } from '../../../domain/content/types';
import { apiQuery } from '../../api/queries';
import { DelayedFallback } from '../../ui/DelayedFallback';
import { Empty } from '../../ui/Empty';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import styles from './FaqPage.module.css';

/** Frequently asked questions (`GET /faq`): an accordion, one answer open at a time. */
export default function FaqPage() {
  const { t } = useTranslation();
  const { data, isError, refetch } = useQuery(apiQuery('/faq'));
  const [openId, setOpenId] = useState<number | null>(null);
  return (
    <Page title={pageTitle(t, { area: 'common', page: 'faq' })}>
      {isError && !data ? (
        <Empty text={t('common.loadFailed')} action={{ label: t('common.retry'), onClick: () => void refetch() }} />
      ) : !data ? (
        <DelayedFallback />
      ) : data.length === 0 ? (
        <Empty text={t('help.faqEmpty')} />
      ) : (
        <ul className={styles.list}>
          {data.map((item) => (
            <FaqRow
              key={item.id}
              item={item}
              open={openId === item.id}
              onToggle={() => setOpenId((id) => (id === item.id ? null : item.id))}
            />
          ))}
        </ul>
      )}
    </Page>
  );
}

function FaqRow({ item, open, onToggle }: { item: FaqItem; open: boolean; onToggle: () => void }) {
  const answerId = `faq-answer-${item.id}`;
  const questionId = `faq-question-${item.id}`;
  return (
    <li className={`${styles.item} ${open ? styles.open : ''}`}>
      <button type="button" id={questionId} className={styles.question} aria-expanded={open} aria-controls={answerId} onClick={onToggle}>
        <span className={styles.questionText}>{item.question}</span>
        <ChevronDown size={18} className={styles.chevron} />
      </button>
      <div id={answerId} className={styles.answerWrap} role="region" aria-labelledby={questionId}>
        <div className={styles.answer}>
          <div className={styles.answerBody}>
            {item.answer.split(/\n\s*\n/).map((p, i) => (
              <p key={i} className={styles.paragraph}>
                {p}
              </p>
            ))}
          </div>
        </div>
      </div>
    </li>
  );
}
