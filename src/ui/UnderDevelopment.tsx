import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { HOME_PATH } from '../paths';
import { Button } from './Button';
import { Page } from './Page';
import styles from './UnderDevelopment.module.css';

/** The spec's "function under development" screen: honest, no made-up data. */
export function UnderDevelopment({ title }: { title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Page title={title}>
      <div className={styles.wrap} data-testid="under-development">
        <div className={styles.icon}>
          <Construction size={40} strokeWidth={1.5} />
        </div>
        <h2 className={styles.heading}>{t('common.underDevelopment')}</h2>
        <p className={styles.text}>{t('common.underDevelopmentHint')}</p>
        <Button variant="secondary" onClick={() => navigate(HOME_PATH)}>
          {t('common.backHome')}
        </Button>
      </div>
    </Page>
  );
}
