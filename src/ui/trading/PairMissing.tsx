import { useTranslation } from 'react-i18next';
import { Empty } from '../Empty';
import type { PairChoice } from './usePair';

/**
 * What a trading screen shows where its pair would be: loading, a list that could not be read
 * (with Retry), or a pair that is not listed (`notListed`, the screen's own wording).
 */
export function PairMissing({ choice, notListed }: { choice: Pick<PairChoice, 'loading' | 'failed' | 'retry'>; notListed: string }) {
  const { t } = useTranslation();
  if (choice.failed)
    return <Empty text={t('common.loadFailed')} action={{ label: t('common.retry'), onClick: choice.retry }} testId="pair-load-failed" />;
  return <Empty text={choice.loading ? t('common.loading') : notListed} />;
}
