/**
 * Dual investment explained: buy low (invests USDT) and sell high (invests the
 * coin), the yield with the spec's formula and its worked example on both sides,
 * the settlement.
 */
import { ArrowDownToLine, ArrowUpFromLine, CalendarClock, Sigma } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Decimal } from '../../../domain/decimal';
import { dualPayout } from '../../../domain/invest/formulas';
import { Button } from '../../ui/Button';
import { Page } from '../../ui/Page';
import { useFormat } from '../../ui/useFormat';
import { aprPercent } from './format';
import styles from './Invest.module.css';
import { pagePath } from '../../paths';

/** The worked example: 1 BTC for 7 days at 36.5% APR, linked at 70 000. */
const EXAMPLE = { amount: '1', days: 7, apr: '0.365', linked: '70000' };

export default function HelpPage() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const navigate = useNavigate();
  const decimals = { base: 8, quote: 6 };
  const below = dualPayout('call', EXAMPLE.amount, EXAMPLE.linked, '69999', EXAMPLE.days, EXAMPLE.apr, decimals);
  const above = dualPayout('call', EXAMPLE.amount, EXAMPLE.linked, EXAMPLE.linked, EXAMPLE.days, EXAMPLE.apr, decimals);
  // Buy low with the same money in USDT (1 BTC's worth at the linked price), the mirror.
  const usdt = new Decimal(EXAMPLE.amount).mul(EXAMPLE.linked).toFixed();
  const putLow = dualPayout('put', usdt, EXAMPLE.linked, EXAMPLE.linked, EXAMPLE.days, EXAMPLE.apr, decimals);
  const putHigh = dualPayout('put', usdt, EXAMPLE.linked, '70001', EXAMPLE.days, EXAMPLE.apr, decimals);
  const steps = [
    { icon: ArrowDownToLine, title: t('invest.help.putTitle'), text: t('invest.help.putText', { coin: 'BTC' }) },
    { icon: ArrowUpFromLine, title: t('invest.help.callTitle', { coin: 'BTC' }), text: t('invest.help.callText', { coin: 'BTC' }) },
    {
      icon: Sigma,
      title: t('invest.help.formulaTitle'),
      text: t('invest.help.formulaText', {
        amount: fmt.number(EXAMPLE.amount),
        days: EXAMPLE.days,
        apr: aprPercent(EXAMPLE.apr, fmt.lang),
        linked: fmt.number(EXAMPLE.linked),
        base: fmt.number(below.amount.toFixed()),
        quote: fmt.number(above.amount.toFixed()),
      }),
    },
    {
      icon: Sigma,
      title: t('invest.help.formulaPutTitle'),
      text: t('invest.help.formulaPutText', {
        usdt: fmt.number(usdt),
        days: EXAMPLE.days,
        apr: aprPercent(EXAMPLE.apr, fmt.lang),
        linked: fmt.number(EXAMPLE.linked),
        base: fmt.number(putLow.amount.toFixed()),
        quote: fmt.number(putHigh.amount.toFixed()),
      }),
    },
    { icon: CalendarClock, title: t('invest.help.settleTitle'), text: t('invest.help.settleText') },
  ];
  return (
    <Page title={t('invest.help.title')}>
      <div className={styles.hero}>
        <div>
          <h2>{t('invest.help.headline')}</h2>
          <p>{t('invest.heroText')}</p>
        </div>
      </div>
      <div className={styles.list}>
        {steps.map(({ icon: Icon, title, text }) => (
          <section key={title} className={styles.step} data-testid="invest-help-step">
            <Icon size={22} />
            <div>
              <h3>{title}</h3>
              <p>{text}</p>
            </div>
          </section>
        ))}
        <Button block onClick={() => void navigate(pagePath('invest', 'invest'))}>
          {t('invest.help.browse')}
        </Button>
      </div>
    </Page>
  );
}
