/**
 * OTC (`/pages/otc/otc?side=buy|sell&fiat=USD`): buy or sell USDT for
 * fiat with merchants. Buy/Sell tabs, a fiat selector, the caller's per-trade limit (or the way to
 * verify), and the adverts as a P2P list: merchant and record, price, limits, USDT available,
 * payment methods, and a Buy/Sell button that opens the order sheet.
 */
import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { OTC_FIATS, type OtcAdvert, type OtcFiat, type OtcSide } from '../../../domain/otc/types';
import { apiQuery } from '../../api/queries';
import { IDENTITY_PATH, LOGIN_PATH } from '../../api/request';
import { sessionState } from '../../state/session';
import { Empty } from '../../ui/Empty';
import { Page } from '../../ui/Page';
import { Skeleton } from '../../ui/Skeleton';
import { Tabs } from '../../ui/Tabs';
import { OrderSheet } from './OrderSheet';
import { MerchantAvatar, Methods, useOtcAmounts } from './parts';
import styles from './Otc.module.css';
import { pagePath } from '../../paths';

function AdvertCard({ ad, onTrade }: { ad: OtcAdvert; onTrade: () => void }) {
  const { t } = useTranslation();
  const a = useOtcAmounts(ad.fiat_decimals, ad.usdt_decimals);
  return (
    <article className={styles.ad} data-testid="otc-advert" data-id={ad.id} data-side={ad.side}>
      <div className={styles.adHead}>
        <MerchantAvatar name={ad.merchant} />
        <span className={styles.merchant}>
          <b>{ad.merchant}</b>
          <span className={styles.muted}>
            <span className={styles.verified}>
              <BadgeCheck size={12} /> {t('otc.verifiedMerchant')}
            </span>{' '}
            · {t('otc.ordersDone', { count: ad.completed_orders })}
          </span>
        </span>
      </div>
      <div className={styles.adBody}>
        <div>
          <div className={`${styles.price} num`} data-testid="otc-advert-price">
            {a.priceBare(ad.price)}
            <small>{ad.fiat}</small>
          </div>
          <div className={styles.facts}>
            <span>
              {t('otc.limits')}{' '}
              <b className="num">{t('otc.amountPlaceholder', { min: a.fiatBare(ad.min_fiat), max: a.fiat(ad.max_fiat, ad.fiat) })}</b>
            </span>
            {ad.available !== null && (
              <span>
                {t('otc.available')} <b className="num">{a.usdtShort(ad.available)}</b>
              </span>
            )}
          </div>
        </div>
        <button type="button" className={ad.side === 'buy' ? styles.buyBtn : styles.sellBtn} onClick={onTrade} data-testid="otc-trade">
          {ad.side === 'buy' ? t('otc.buy') : t('otc.sell')}
        </button>
      </div>
      <Methods methods={ad.payment_methods} />
    </article>
  );
}

export default function OtcPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const { token } = useSnapshot(sessionState);
  const side: OtcSide = params.get('side') === 'sell' ? 'sell' : 'buy';
  const rawFiat = params.get('fiat');
  const fiat: OtcFiat = (OTC_FIATS as readonly string[]).includes(rawFiat ?? '') ? (rawFiat as OtcFiat) : 'USD';
  const adverts = useQuery(apiQuery('/otc/adverts', { side, fiat }));
  const limits = useQuery({ ...apiQuery('/otc/limits', {}), enabled: token !== null });
  const [trading, setTrading] = useState<OtcAdvert | null>(null);
  const set = (next: Partial<{ side: OtcSide; fiat: OtcFiat }>) => setParams({ side, fiat, ...next }, { replace: true });

  const trade = (ad: OtcAdvert) => {
    if (token === null) {
      void navigate(`${LOGIN_PATH}?redirect=${encodeURIComponent(location.pathname + location.search)}`);
      return;
    }
    if (limits.data?.level === 0) {
      void navigate(IDENTITY_PATH);
      return;
    }
    setTrading(ad);
  };

  const l = limits.data;
  const a0 = useOtcAmounts(0, 0);
  return (
    <Page
      title={t('otc.title')}
      right={
        <Link to={pagePath('otc', 'orders')} className={styles.navLink} data-testid="otc-my-orders">
          <ReceiptText size={18} /> {t('otc.myOrders')}
        </Link>
      }
    >
      <div className={styles.sideTabs}>
        <Tabs
          variant="pill"
          items={[
            { key: 'buy' as const, label: t('otc.tabBuy') },
            { key: 'sell' as const, label: t('otc.tabSell') },
          ]}
          value={side}
          onChange={(key) => set({ side: key })}
        />
      </div>
      <div className={styles.fiats} role="listbox" aria-label={t('otc.fiat')}>
        {OTC_FIATS.map((code) => (
          <button
            key={code}
            type="button"
            role="option"
            aria-selected={code === fiat}
            className={`${styles.chip} ${code === fiat ? styles.chipOn : ''}`}
            onClick={() => set({ fiat: code })}
            data-testid={`otc-fiat-${code}`}
          >
            {code}
          </button>
        ))}
      </div>
      {token !== null && l && (
        <div className={styles.limit} data-testid="otc-limit">
          {l.level === 0 ? (
            <>
              <span>{t('otc.verifyToTrade')}</span>
              <Link to={IDENTITY_PATH}>{t('otc.verifyNow')}</Link>
            </>
          ) : (
            <span>
              {t('otc.perTradeLimit', { level: l.level })}{' '}
              <b className="num" data-testid="otc-limit-figure">
                {a0.usdtWhole(l.per_trade ?? '0')}
              </b>
            </span>
          )}
        </div>
      )}
      <div className={styles.list}>
        {adverts.isPending ? (
          [0, 1, 2].map((i) => <Skeleton key={i} height={150} />)
        ) : adverts.data && adverts.data.length > 0 ? (
          adverts.data.map((ad) => <AdvertCard key={ad.id} ad={ad} onTrade={() => trade(ad)} />)
        ) : (
          <Empty text={t('otc.noAdverts', { fiat })} />
        )}
      </div>
      {trading && <OrderSheet ad={trading} limits={l} onClose={() => setTrading(null)} />}
    </Page>
  );
}
