/**
 * A fixed-price purchase (the page `nft/purchase_one?sale=`): the artwork, its price, the
 * buyer's coin-account balance of that coin (the worker's live balances) and "insufficient
 * balance" when short; Confirm → buyNFT (with an Idempotency-Key) → a success view → My NFTs.
 */
import { useQuery } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Decimal } from '../../../domain/decimal';
import { formatAmount } from '../../../domain/format';
import { saleWindow } from '../../../domain/nft/formulas';
import type { NftArtwork } from '../../../domain/nft/types';
import { apiQuery, useInvalidate } from '../../api/queries';
import { Button } from '../../ui/Button';
import { Empty } from '../../ui/Empty';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { Skeleton } from '../../ui/Skeleton';
import { useIdempotentSubmit } from '../../ui/useIdempotentSubmit';
import { useSecondTick } from '../../ui/useSecondTick';
import { useFormat } from '../../ui/useFormat';
import { artworkPath, RarityBadge, Thumb, TypeBadge, useCoinBalance } from './parts';
import nft from './Nft.module.css';
import styles from './PurchaseOnePage.module.css';
import { pagePath } from '../../paths';

const ID = /^[1-9]\d{0,8}$/;

export default function PurchaseOnePage() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const invalidate = useInvalidate();
  const [params] = useSearchParams();
  const saleId = params.get('sale') ?? '';
  const valid = ID.test(saleId);
  const artworkId = params.get('id') ?? '';
  // The sale's artwork: the page is opened from it with `id`; else found in the market list.
  const detail = useQuery({
    ...apiQuery('/bind_box/getBoxDetail', { id: ID.test(artworkId) ? artworkId : '1' }, { silent: true }),
    enabled: ID.test(artworkId),
  });
  const market = useQuery({
    ...apiQuery('/bind_box/getBoxList', { mode: 'normal', all: '1', limit: '100' }, { silent: true }),
    enabled: valid && !ID.test(artworkId),
  });
  const a = detail.data ?? market.data?.data.find((x) => x.sale?.id === Number(saleId));
  const sale = a?.sale?.id === Number(saleId) ? a.sale : null;
  const balance = useCoinBalance(sale?.currency_id);
  const submit = useIdempotentSubmit('/bind_box/buyNFT');
  const [bought, setBought] = useState<NftArtwork | null>(null);
  const now = useSecondTick(Boolean(sale));
  const title = pageTitle(t, { area: 'nft', page: 'purchase_one' });
  if (bought)
    return (
      <Page title={title}>
        <div className={nft.success} data-testid="nft-bought">
          <CircleCheck size={48} className="up" />
          <h2>{t('nft.purchase.success')}</h2>
          <Thumb a={bought} className={styles.successThumb} />
          <p>{t('nft.purchase.successText', { title: bought.title })}</p>
          <Link to={pagePath('nft', 'myNft')} className={nft.primaryLink} data-testid="nft-go-my">
            {t('nft.myNfts')}
          </Link>
          <Link to={artworkPath(bought)} className={nft.moreLink}>
            {t('nft.purchase.viewArtwork')}
          </Link>
        </div>
      </Page>
    );
  if (valid && (detail.isLoading || market.isLoading))
    return (
      <Page title={title}>
        <div className={nft.detail}>
          <Skeleton height={280} />
        </div>
      </Page>
    );
  if (!a || !sale)
    return (
      <Page title={title}>
        <Empty text={t('nft.noSale')} />
      </Page>
    );
  const short = balance !== null && new Decimal(balance).lt(sale.price);
  const window = saleWindow(sale.starts_at, sale.ends_at, sale.on_sale, now);
  const buy = async () => {
    const answer = await submit.run({ sale_id: String(sale.id) });
    if (!answer) return;
    await invalidate('nft', 'balances');
    setBought(answer);
  };
  return (
    <Page title={title}>
      <div className={nft.detail} data-testid="nft-purchase-one">
        <section className={`${nft.panel} ${nft.itemRow}`}>
          <Thumb a={a} className={nft.itemThumb} />
          <div className={nft.itemText}>
            <div className={nft.badgeRow}>
              <RarityBadge rarity={a.rarity} />
              <TypeBadge type={a.type} />
            </div>
            <b>{a.title}</b>
            <span className={nft.muted}>{a.artist}</span>
            <span className={`${nft.muted} num`}>{a.code}</span>
          </div>
        </section>
        <section className={nft.panel}>
          <dl className={nft.rowsList}>
            <div>
              <dt>{t('nft.price')}</dt>
              <dd className={`num ${nft.strong}`} data-testid="nft-purchase-price">
                {formatAmount(sale.price, sale.decimals, fmt.lang)} {sale.currency}
              </dd>
            </div>
            <div>
              <dt>{t('nft.sellerLabel')}</dt>
              <dd>{sale.seller}</dd>
            </div>
            <div>
              <dt>{t('nft.purchase.available')}</dt>
              <dd className={`num ${short ? 'down' : ''}`} data-testid="nft-balance">
                {balance === null ? '--' : `${formatAmount(balance, sale.decimals, fmt.lang)} ${sale.currency}`}
              </dd>
            </div>
          </dl>
          {short && (
            <p className={nft.error} role="alert" data-testid="nft-insufficient">
              {t('nft.purchase.insufficient')}{' '}
              <Link to={pagePath('fund', 'assets')} className={nft.inlineLink}>
                {t('nft.purchase.topUp')}
              </Link>
            </p>
          )}
          {window !== 1 && <p className={nft.windowNote}>{t(window === 2 ? 'nft.notOnSaleYet' : 'errors.nftNotOnSale')}</p>}
          <p className={nft.note}>{t('nft.purchase.note')}</p>
        </section>
      </div>
      <div className={nft.footer}>
        <Button
          block
          busy={submit.busy}
          disabled={short || window !== 1 || sale.mine === true}
          onClick={() => void buy()}
          data-testid="nft-confirm-buy"
        >
          {t('nft.purchase.confirm')}
        </Button>
      </div>
    </Page>
  );
}
