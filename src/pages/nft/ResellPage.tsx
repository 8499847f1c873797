/**
 * Resale (the page `nft/resell?id=`; a listing cannot be taken back): the owned artwork, a price in its
 * coin at the coin's decimals, the worker's preview of the platform's fee and what the seller
 * receives (`saleSplit` with getNftCurrency's `fee_rate`), and the plain statement that listing is
 * irrevocable, repeated in the confirm sheet, which needs an explicit tick; → resellNFT.
 */
import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Decimal } from '../../../domain/decimal';
import { formatNumber } from '../../../domain/format';
import type { NftCurrency } from '../../../domain/nft/types';
import { apiQuery, useInvalidate } from '../../api/queries';
import { Button } from '../../ui/Button';
import { Empty } from '../../ui/Empty';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { Sheet } from '../../ui/Sheet';
import { Skeleton } from '../../ui/Skeleton';
import { TextField } from '../../ui/TextField';
import { useIdempotentSubmit } from '../../ui/useIdempotentSubmit';
import { useFormat } from '../../ui/useFormat';
import { getWorker } from '../../worker-client';
import type { ResalePreview } from '../../../worker/nft/preview';
import { artworkPath, RarityBadge, Thumb, TypeBadge } from './parts';
import nft from './Nft.module.css';
import styles from './ResellPage.module.css';
import { useWorkerPreview } from '../../ui/useWorkerPreview';
import { Term } from '../../ui/Term';

const ID = /^[1-9]\d{0,8}$/;
/** The coin shown until the artwork has loaded (the server's default). */
const RESALE_COIN_DEFAULT = 'USDT';

export default function ResellPage() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const valid = ID.test(id);
  const title = pageTitle(t, { area: 'nft', page: 'resell' });
  const detail = useQuery({ ...apiQuery('/bind_box/getBoxDetail', { id: valid ? id : '1' }, { silent: true }), enabled: valid });
  const currencies = useQuery(apiQuery('/bind_box/getNftCurrency'));
  const a = detail.data;
  const list = currencies.data ?? [];
  // The server resells in the artwork's own coin (the one it last sold in, USDT before any sale).
  const coin: NftCurrency | undefined =
    list.find((c) => c.currency_id === a?.currency_id) ?? list.find((c) => c.currency === RESALE_COIN_DEFAULT) ?? list[0];
  const [price, setPrice] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const submit = useIdempotentSubmit('/bind_box/resellNFT');
  const { reset } = submit;
  const preview = useWorkerPreview<ResalePreview>(() => {
    if (!coin) return null;
    reset();
    return getWorker().nft.previewResale({ price, currency: coin.currency, decimals: coin.decimals, fee_rate: coin.fee_rate });
  }, [price, coin, reset]);

  if (valid && (detail.isPending || currencies.isPending))
    return (
      <Page title={title}>
        <div className={nft.detail}>
          <Skeleton height={120} />
          <Skeleton height={220} />
        </div>
      </Page>
    );
  if (!valid || !a || !coin)
    return (
      <Page title={title}>
        <Empty text={t('nft.noArtwork')} />
      </Page>
    );
  if (!a.owned || a.sale)
    return (
      <Page title={title}>
        <Empty text={t(a.sale ? 'errors.nftListed' : 'errors.nftNotOwner')} />
      </Page>
    );
  const problem = price.trim() && preview?.problem ? t(`validation.${preview.problem}`, preview.params) : null;
  const feePercent = `${formatNumber(new Decimal(coin.fee_rate).mul(100), fmt.lang, { maxDecimals: 2, minDecimals: 0 })}%`;
  const list_ = async () => {
    if (!(await submit.run({ id: String(a.id), price: price.trim() }))) return;
    await invalidate('nft');
    setConfirming(false);
    void navigate(artworkPath(a), { replace: true });
  };
  return (
    <Page title={title}>
      <div className={nft.detail} data-testid="nft-resell-page">
        <section className={`${nft.panel} ${nft.itemRow}`}>
          <Thumb a={a} className={nft.itemThumb} />
          <div className={nft.itemText}>
            <div className={nft.badgeRow}>
              <RarityBadge rarity={a.rarity} />
              <TypeBadge type={a.type} />
            </div>
            <b>{a.title}</b>
            <span className={`${nft.muted} num`}>{a.code}</span>
          </div>
        </section>
        <section className={nft.panel}>
          <TextField
            label={t('nft.resell.price')}
            value={price}
            onChange={setPrice}
            inputMode="decimal"
            placeholder={t('nft.resell.pricePlaceholder', { decimals: coin.decimals })}
            suffix={<span className={nft.unit}>{coin.currency}</span>}
            error={problem}
            data-testid="nft-resell-price"
          />
          <dl className={nft.rowsList}>
            <Term label={t('nft.resell.fee', { rate: feePercent })} testId="nft-resell-fee">
              {preview?.feeText ?? '--'}
            </Term>
            <div>
              <dt>{t('nft.resell.receive')}</dt>
              <dd className={`num ${nft.strong}`} data-testid="nft-resell-receive">
                {preview?.proceedsText ?? '--'}
              </dd>
            </div>
          </dl>
        </section>
        <p className={styles.warning} data-testid="nft-irrevocable">
          <TriangleAlert size={16} /> {t('nft.resell.irrevocable')}
        </p>
      </div>
      <div className={nft.footer}>
        <Button
          block
          disabled={!preview || preview.problem !== null}
          onClick={() => {
            setAgreed(false);
            setConfirming(true);
          }}
          data-testid="nft-resell-submit"
        >
          {t('nft.resell.action')}
        </Button>
      </div>
      <Sheet open={confirming} title={t('nft.resell.confirmTitle')} onClose={() => setConfirming(false)}>
        <div className={nft.sheetBody} data-testid="nft-resell-confirm">
          <dl className={nft.rowsList}>
            <Term label={t('nft.resell.price')}>
              {price.trim()} {coin.currency}
            </Term>
            <div>
              <dt>{t('nft.resell.receive')}</dt>
              <dd className={`num ${nft.strong}`}>{preview?.proceedsText}</dd>
            </div>
          </dl>
          <p className={styles.warning}>
            <TriangleAlert size={16} /> {t('nft.resell.irrevocable')}
          </p>
          <label className={styles.agree}>
            <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} data-testid="nft-resell-agree" />
            <span>{t('nft.resell.agree')}</span>
          </label>
          <Button block busy={submit.busy} disabled={!agreed} onClick={() => void list_()} data-testid="nft-resell-confirm-submit">
            {t('nft.resell.confirm')}
          </Button>
        </div>
      </Sheet>
    </Page>
  );
}
