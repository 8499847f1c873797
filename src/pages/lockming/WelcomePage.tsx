/** Lockming explained: daily yield, lock-up and early redemption with the spec's numbers, then the three categories. */
import { CalendarClock, Coins, ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LOCKMING_CATEGORIES } from '../../../domain/lockming/types';
import { Button } from '../../ui/Button';
import { Page } from '../../ui/Page';
import { useFormat } from '../../ui/useFormat';
import styles from './Lockming.module.css';
import { pagePath } from '../../paths';

export default function WelcomePage() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const navigate = useNavigate();
  const steps = [
    {
      icon: Coins,
      title: t('lockming.welcome.yieldTitle'),
      text: t('lockming.welcome.yieldText', { amount: fmt.number('10000'), rate: fmt.number('0.19'), days: 15, total: fmt.number('285') }),
    },
    { icon: CalendarClock, title: t('lockming.welcome.lockTitle'), text: t('lockming.welcome.lockText') },
    {
      icon: ShieldAlert,
      title: t('lockming.welcome.redeemTitle'),
      text: t('lockming.welcome.redeemText', { rate: fmt.number('0.4'), days: 3, amount: fmt.number('1000'), penalty: fmt.number('12') }),
    },
  ];
  return (
    <Page title={t('lockming.welcome.title')}>
      <div className={styles.hero}>
        <div>
          <h2>{t('lockming.welcome.headline')}</h2>
          <p>{t('lockming.heroText')}</p>
        </div>
      </div>
      <div className={styles.list}>
        {steps.map(({ icon: Icon, title, text }) => (
          <section key={title} className={styles.step}>
            <Icon size={22} />
            <div>
              <h3>{title}</h3>
              <p>{text}</p>
            </div>
          </section>
        ))}
        {LOCKMING_CATEGORIES.map((c) => (
          <Button
            key={c}
            variant={c === 'mining' ? 'primary' : 'secondary'}
            block
            onClick={() => void navigate(pagePath('lockming', 'lockming', { category: c }))}
          >
            {t(`lockming.category.${c}`)}
          </Button>
        ))}
      </div>
    </Page>
  );
}
