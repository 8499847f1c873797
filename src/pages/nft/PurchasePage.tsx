/**
 * A blind box (the page `nft/purchase?box=`): the cover, price, what is left, the
 * window and its countdown; the published odds (rarity, probability, what it holds); the
 * commitment (copyable) and, after the end, the revealed seed; a quantity of 1–10 and Buy; the
 * caller's boxes of it (Open → the reveal); the public openings log; and once the seed is out,
 * "Verify": the worker fetches every opening and recomputes each from the seed.
 */
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, CircleX, Copy, Minus, Package, Plus, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { Decimal } from '../../../domain/decimal';
import { formatAmount, formatNumber } from '../../../domain/format';
import { saleWindow } from '../../../domain/nft/formulas';
import { NFT_BOX_MAX_QUANTITY, type NftBlindBox, type NftBoxOrder } from '../../../domain/nft/types';
import { apiQuery, useInvalidate, usePages } from '../../api/queries';
import { sessionState } from '../../state/session';
import { showToast } from '../../state/ui';
import { Button } from '../../ui/Button';
import { Empty } from '../../ui/Empty';
import { Page } from '../../ui/Page';
import { PagedView } from '../../ui/PagedView';
import { pageTitle } from '../../ui/pageTitle';
import { Skeleton } from '../../ui/Skeleton';
import { useIdempotentSubmit } from '../../ui/useIdempotentSubmit';
import { useSecondTick } from '../../ui/useSecondTick';
import { useFormat } from '../../ui/useFormat';
import { useTimeText } from '../../ui/useTimeText';
import { getWorker } from '../../worker-client';
import type { BoxPreview } from '../../../worker/nft/preview';
import type { BoxVerification } from '../../../worker/nft/verify';
import { RarityBadge, SaleCountdown, Thumb, useCoinBalance, useGoLogin } from './parts';
import { MyBox, RevealSheet } from './boxes';
import nft from './Nft.module.css';
import bids from './bids.module.css';
import styles from './PurchasePage.module.css';
import { useWorkerPreview } from '../../ui/useWorkerPreview';

const ID = /^[1-9]\d{0,8}$/;
/** How often the box is read again between its end and the seed's reveal (the server reveals it once the sale has ended). */
const SEED_RECHECK_MS = 3000;
/** Openings listed on the page (the newest). */
const OPENINGS_SHOWN = 20;

/** A weight's probability ("0.05") as a percentage ("5%"). */
function percent(probability: string, lang: Parameters<typeof formatNumber>[1]): string {
  return `${formatNumber(new Decimal(probability).mul(100), lang, { maxDecimals: 2, minDecimals: 0 })}%`;
}

function Odds({ box }: { box: NftBlindBox }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <section className={nft.panel} data-testid="nft-odds">
      <h2 className={nft.panelTitle}>{t('nft.box.odds')}</h2>
      <ul className={styles.oddsList}>
        {box.odds.map((o) => (
          <li key={o.rarity} className={styles.oddsRow} data-rarity={o.rarity}>
            <RarityBadge rarity={o.rarity} />
            <Thumb a={o} className={styles.oddsThumb} />
            <span className={styles.oddsTitle}>{o.title}</span>
            <b className="num" data-testid="nft-odds-probability">
              {percent(o.probability, fmt.lang)}
            </b>
          </li>
        ))}
      </ul>
    </section>
  );
}

function copy(text: string, done: string) {
  void navigator.clipboard?.writeText(text).then(() => showToast(done));
}

function Fairness({ box }: { box: NftBlindBox }) {
  const { t } = useTranslation();
  const [result, setResult] = useState<BoxVerification | null>(null);
  const [busy, setBusy] = useState(false);
  const verify = async () => {
    setBusy(true);
    try {
      setResult(await getWorker().nft.verifyBox({ id: box.id, commitment: box.commitment, seed: box.seed, odds: box.odds }));
    } catch {
      showToast(t('common.loadFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={nft.panel} data-testid="nft-fairness">
      <h2 className={nft.panelTitle}>
        <ShieldCheck size={16} /> {t('nft.box.fairness')}
      </h2>
      <p className={nft.note}>{t('nft.box.howItWorks')}</p>
      <div className={styles.hashRow}>
        <span className={nft.muted}>{t('nft.box.commitment')}</span>
        <code className={styles.hash} data-testid="nft-commitment">
          {box.commitment}
        </code>
        <button
          type="button"
          className={styles.iconButton}
          onClick={() => copy(box.commitment, t('nft.copied'))}
          aria-label={t('nft.copy')}
        >
          <Copy size={16} />
        </button>
      </div>
      <div className={styles.hashRow}>
        <span className={nft.muted}>{t('nft.box.seed')}</span>
        {box.seed ? (
          <>
            <code className={styles.hash} data-testid="nft-seed">
              {box.seed}
            </code>
            <button
              type="button"
              className={styles.iconButton}
              onClick={() => copy(box.seed ?? '', t('nft.copied'))}
              aria-label={t('nft.copy')}
            >
              <Copy size={16} />
            </button>
          </>
        ) : (
          <span className={styles.hashPending} data-testid="nft-seed-pending">
            {t('nft.box.seedAfterEnd')}
          </span>
        )}
      </div>
      {box.seed && (
        <Button block variant="secondary" busy={busy} onClick={() => void verify()} data-testid="nft-verify">
          {t('nft.box.verify')}
        </Button>
      )}
      {result && (
        <div
          className={`${styles.verdict} ${result.seedMatches && result.mismatches.length === 0 ? styles.verdictOk : styles.verdictBad}`}
          data-testid="nft-verdict"
          data-seed-matches={result.seedMatches}
          data-checked={result.checked}
          data-mismatches={result.mismatches.length}
        >
          <p>
            {result.seedMatches ? <CircleCheck size={16} /> : <CircleX size={16} />}{' '}
            {t(result.seedMatches ? 'nft.box.seedMatches' : 'nft.box.seedMismatch')}
          </p>
          <p>{t('nft.box.verified', { n: result.checked, mismatches: result.mismatches.length })}</p>
          {result.mismatches.length > 0 && (
            <ul className={styles.mismatches}>
              {result.mismatches.map((m) => (
                <li key={m.order_id}>{t('nft.box.mismatch', { order: m.order_id, recorded: m.recorded, derived: m.derived ?? '--' })}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

function MyBoxes({ boxId, onOpened }: { boxId: number; onOpened: (o: NftBoxOrder) => void }) {
  const { t } = useTranslation();
  const list = usePages('/bind_box/getMyBindBoxQuotationLog', {});
  const mine = list.items.filter((o) => o.box_id === boxId);
  if (list.loadedPage > 0 && mine.length === 0) return null;
  return (
    <section className={nft.panel} data-testid="nft-my-boxes">
      <h2 className={nft.panelTitle}>{t('nft.box.myBoxes')}</h2>
      <PagedView list={list} emptyText={t('nft.box.noMyBoxes')}>
        <ul className={nft.myBoxes}>
          {mine.map((o) => (
            <MyBox key={o.id} o={o} onOpened={onOpened} />
          ))}
        </ul>
      </PagedView>
    </section>
  );
}

function OpeningsLog({ boxId, total }: { boxId: number; total: number }) {
  const { t } = useTranslation();
  const timeText = useTimeText();
  // NOTE: an opening has no `id` (it is keyed by order), so it cannot go through the paged-list
  // helper: the latest openings here, and Verify reads every one of them.
  const { data } = useQuery(
    apiQuery('/bind_box/getBindBoxQuotationLog', { box_id: String(boxId), page: '1', limit: String(OPENINGS_SHOWN) }),
  );
  const rows = data?.data ?? [];
  return (
    <section className={nft.panel} data-testid="nft-openings">
      <h2 className={nft.panelTitle}>{t('nft.box.openings')}</h2>
      {data && rows.length === 0 ? (
        <p className={nft.muted}>{t('nft.box.noOpenings')}</p>
      ) : (
        <ul className={bids.bidList}>
          {rows.map((o) => (
            <li key={o.order_id} className={bids.bidRow} data-testid="nft-opening">
              <span>
                <RarityBadge rarity={o.rarity} /> {o.user}
              </span>
              <time className={nft.muted}>{timeText(o.opened_at)}</time>
              <span className={bids.openingTitle}>
                {/* The server names an opened work with its edition ("Genesis #1"): shown once. */}
                {o.title}
              </span>
            </li>
          ))}
        </ul>
      )}
      {total > rows.length && rows.length > 0 && <p className={nft.muted}>{t('nft.box.openedN', { count: total })}</p>}
    </section>
  );
}

export default function PurchasePage() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const invalidate = useInvalidate();
  const session = useSnapshot(sessionState);
  const goLogin = useGoLogin();
  const [params] = useSearchParams();
  const id = params.get('box') ?? '';
  const valid = ID.test(id);
  const title = pageTitle(t, { area: 'nft', page: 'purchase' });
  const { data: box, isPending } = useQuery({
    ...apiQuery('/bind_box/getBlindBox', { id: valid ? id : '1' }, { silent: true }),
    enabled: valid,
  });
  const [quantity, setQuantity] = useState(1);
  const [revealed, setRevealed] = useState<NftBoxOrder | null>(null);
  const submit = useIdempotentSubmit('/bind_box/buyBlindBox');
  const balance = useCoinBalance(box?.currency_id);
  const now = useSecondTick(Boolean(box) && box?.seed === null);
  const { reset } = submit;
  const preview = useWorkerPreview<BoxPreview>(() => {
    if (!box) return null;
    reset();
    return getWorker().nft.previewBox({
      price: box.price,
      quantity,
      currency: box.currency,
      decimals: box.decimals,
      remaining: box.remaining,
      available: balance,
    });
  }, [box, quantity, balance, reset]);
  const window = box ? saleWindow(box.starts_at, box.ends_at, box.on_sale, now) : 0;
  // The seed is revealed once the sale has ended: read the box again when the end passes.
  const ended = Boolean(box) && now >= (box?.ends_at ?? 0);
  const waitingSeed = ended && box?.seed === null;
  useEffect(() => {
    if (!waitingSeed) return;
    const timer = setInterval(() => void invalidate('nft'), SEED_RECHECK_MS);
    return () => clearInterval(timer);
  }, [waitingSeed, invalidate]);

  if (valid && isPending)
    return (
      <Page title={title}>
        <div className={nft.detail}>
          <Skeleton height={260} />
          <Skeleton height={200} />
        </div>
      </Page>
    );
  if (!valid || !box)
    return (
      <Page title={title}>
        <Empty text={t('nft.box.noBox')} icon={Package} />
      </Page>
    );
  const buy = async () => {
    if (!session.token) return goLogin();
    if (!(await submit.run({ box_id: String(box.id), quantity: String(quantity) }))) return;
    await invalidate('nft', 'balances');
    showToast(t('nft.box.bought', { count: quantity }));
  };
  const sold = Decimal.min(100, new Decimal(box.sold).mul(100).div(Math.max(box.total, 1))).toNumber();
  const problem = preview?.problem && session.token ? t(`nft.box.problem.${preview.problem}`) : null;
  return (
    <Page title={title}>
      <div className={nft.detail} data-testid="nft-box" data-id={box.id} data-window={window}>
        <div className={nft.stage}>
          <img className={nft.stageImage} src={box.cover} alt={box.name} />
        </div>
        <section className={nft.panel}>
          <h1 className={nft.title}>{box.name}</h1>
          {box.artist && <p className={nft.muted}>{box.artist}</p>}
          <div className={nft.bigPrice}>
            <b className="num">{formatAmount(box.price, box.decimals, fmt.lang)}</b> <small>{box.currency}</small>
            <span className={styles.perBox}>{t('nft.box.perBox')}</span>
          </div>
          <div className={styles.progress} aria-hidden="true">
            <span style={{ width: `${sold}%` }} />
          </div>
          <p className={nft.muted} data-testid="nft-box-remaining">
            {t('nft.box.remainingOf', { remaining: box.remaining, total: box.total })}
          </p>
          <div className={nft.timer}>
            {window === 2 ? (
              <SaleCountdown to={box.starts_at} label="startsIn" />
            ) : window === 1 ? (
              <SaleCountdown to={box.ends_at} label="endsIn" testId="nft-box-countdown" />
            ) : (
              <span data-testid="nft-box-ended">{t('nft.saleClosed')}</span>
            )}
          </div>
          <p className={nft.description}>{box.description}</p>
        </section>
        <Odds box={box} />
        {session.token && <MyBoxes boxId={box.id} onOpened={setRevealed} />}
        <Fairness box={box} />
        <OpeningsLog boxId={box.id} total={box.opened} />
      </div>
      {window === 1 && (
        <div className={nft.footer}>
          <div className={styles.stepper} role="group" aria-label={t('nft.box.quantity')}>
            <button
              type="button"
              onClick={() => setQuantity((q) => Math.max(1, q - 1))}
              disabled={quantity <= 1}
              aria-label={t('nft.box.less')}
            >
              <Minus size={16} />
            </button>
            <b className="num" data-testid="nft-box-quantity">
              {quantity}
            </b>
            <button
              type="button"
              onClick={() => setQuantity((q) => Math.min(NFT_BOX_MAX_QUANTITY, q + 1))}
              disabled={quantity >= NFT_BOX_MAX_QUANTITY}
              aria-label={t('nft.box.more')}
            >
              <Plus size={16} />
            </button>
          </div>
          <div className={styles.footerMain}>
            {problem && (
              <p className={nft.error} role="alert" data-testid="nft-box-problem">
                {problem}
              </p>
            )}
            <Button block busy={submit.busy} disabled={Boolean(problem)} onClick={() => void buy()} data-testid="nft-buy-box">
              {t('nft.box.buy', { total: preview?.totalText ?? '' })}
            </Button>
          </div>
        </div>
      )}
      <RevealSheet order={revealed} onClose={() => setRevealed(null)} />
    </Page>
  );
}
