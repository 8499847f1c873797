/**
 * An artwork's sale panel: a fixed price with its window (the sale-window helper: 2 "not on
 * sale yet" with the countdown to the start, 0 "not yet on sale or already ended", 1 Buy), or a
 * live auction watched through `auction:<saleId>` while the page is open (current bid and
 * bidder, the least next bid, increment, margin, bids, the countdown to the end that a
 * last-minute bid moves, "Pay margin" then "Bid", "Pay now" for the winner), or "Resell" for the
 * owner of an artwork that is not for sale; then the latest bids.
 */
import dayjs from 'dayjs';
import { Gavel, Timer } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { formatAmount } from '../../../domain/format';
import { saleWindow } from '../../../domain/nft/formulas';
import type { NftArtworkDetail, NftBid, NftSale } from '../../../domain/nft/types';
import { topics } from '../../../domain/protocol';
import { usePages, useInvalidate } from '../../api/queries';
import { auctionState } from '../../state/nft';
import { sessionState } from '../../state/session';
import { Button } from '../../ui/Button';
import { PagedView } from '../../ui/PagedView';
import { Sheet } from '../../ui/Sheet';
import { TextField } from '../../ui/TextField';
import { useIdempotentSubmit } from '../../ui/useIdempotentSubmit';
import { useSecondTick } from '../../ui/useSecondTick';
import { useFormat } from '../../ui/useFormat';
import { useTimeText } from '../../ui/useTimeText';
import { useTopics } from '../../ui/useTopics';
import { getWorker } from '../../worker-client';
import type { BidPreview } from '../../../worker/nft/preview';
import { SaleCountdown, useGoLogin } from './parts';
import nft from './Nft.module.css';
import bids from './bids.module.css';
import styles from './SalePanel.module.css';
import { useWorkerPreview } from '../../ui/useWorkerPreview';
import { Term } from '../../ui/Term';
import { pagePath } from '../../paths';

function FixedPanel({ artworkId, sale }: { artworkId: number; sale: NftSale }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const navigate = useNavigate();
  const session = useSnapshot(sessionState);
  const goLogin = useGoLogin();
  const now = useSecondTick(sale.window !== 0);
  const window = saleWindow(sale.starts_at, sale.ends_at, sale.on_sale, now);
  return (
    <section className={nft.panel} data-testid="nft-sale" data-mode="normal" data-window={window}>
      <div className={styles.saleHead}>
        <span className={nft.muted}>{t(sale.resale ? 'nft.resalePrice' : 'nft.price')}</span>
        {sale.resale && <span className={nft.tag}>{t('nft.resale')}</span>}
      </div>
      <div className={nft.bigPrice}>
        <b className="num" data-testid="nft-price">
          {formatAmount(sale.price, sale.decimals, fmt.lang)}
        </b>{' '}
        <small>{sale.currency}</small>
      </div>
      <p className={nft.muted}>{t('nft.seller', { name: sale.seller })}</p>
      {window === 2 && (
        <p className={nft.windowNote} data-testid="nft-window">
          {t('nft.notOnSaleYet')} <SaleCountdown to={sale.starts_at} label="startsIn" />
        </p>
      )}
      {window === 0 && (
        <p className={nft.windowNote} data-testid="nft-window">
          {t('errors.nftNotOnSale')}
        </p>
      )}
      {sale.mine ? (
        <p className={nft.note} data-testid="nft-my-listing">
          {t('nft.yourListing')}
        </p>
      ) : (
        <Button
          block
          disabled={window !== 1}
          onClick={() => (session.token ? void navigate(pagePath('nft', 'purchase_one', { sale: sale.id, id: artworkId })) : goLogin())}
          data-testid="nft-buy"
        >
          {t('nft.buyNow')}
        </Button>
      )}
    </section>
  );
}

/** Confirms the margin that joins an auction. */
function MarginSheet({ sale, open, onClose }: { sale: NftSale; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const invalidate = useInvalidate();
  const submit = useIdempotentSubmit('/bind_box/marginNFT');
  const pay = async () => {
    if (!(await submit.run({ sale_id: String(sale.id) }))) return;
    await invalidate('nft', 'balances');
    onClose();
  };
  return (
    <Sheet open={open} title={t('nft.auction.marginTitle')} onClose={onClose}>
      <div className={nft.sheetBody} data-testid="nft-margin-sheet">
        <div className={nft.bigPrice}>
          <b className="num">{formatAmount(sale.margin ?? '0', sale.decimals, fmt.lang)}</b> <small>{sale.currency}</small>
        </div>
        <p className={nft.note}>{t('nft.auction.marginNote')}</p>
        <Button block busy={submit.busy} onClick={() => void pay()} data-testid="nft-margin-confirm">
          {t('nft.auction.payMargin')}
        </Button>
      </div>
    </Sheet>
  );
}

/** A bid: the price prefilled with the least next bid, checked in the worker with the server's rule. */
function BidSheet({
  code,
  sale,
  bid,
  minBid,
  open,
  onClose,
}: {
  code: string;
  sale: NftSale;
  bid: string | null;
  minBid: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const submit = useIdempotentSubmit('/bind_box/auctionNFT');
  const [price, setPrice] = useState(minBid);
  const { reset } = submit;
  const preview = useWorkerPreview<BidPreview>(() => {
    reset();
    return getWorker().nft.previewBid({
      price,
      currency: sale.currency,
      decimals: sale.decimals,
      start: sale.price,
      bid,
      increment: sale.increment ?? '0',
      margin: sale.margin ?? '0',
    });
  }, [price, bid, sale, reset]);
  const send = async () => {
    if (!(await submit.run({ code, price: price.trim() }))) return;
    await invalidate('nft');
    onClose();
  };
  const problem = preview?.problem
    ? preview.problem === 'bidTooLow'
      ? t('nft.auction.bidTooLow', preview.params)
      : t(`validation.${preview.problem}`, preview.params)
    : null;
  return (
    <Sheet open={open} title={t('nft.auction.bidTitle')} onClose={onClose}>
      <div className={nft.sheetBody} data-testid="nft-bid-sheet">
        <TextField
          label={t('nft.auction.yourBid')}
          value={price}
          onChange={setPrice}
          inputMode="decimal"
          suffix={<span className={nft.unit}>{sale.currency}</span>}
          error={price.trim() ? problem : null}
          hint={preview ? t('nft.auction.minHint', { min: preview.minText }) : undefined}
          data-testid="nft-bid-price"
        />
        {preview?.frozenText && (
          <p className={nft.note} data-testid="nft-bid-frozen">
            {t('nft.auction.bidFrozen', { amount: preview.frozenText })}
          </p>
        )}
        <p className={nft.note}>{t('nft.auction.antiSnipe')}</p>
        <Button
          block
          busy={submit.busy}
          disabled={!preview || preview.problem !== null}
          onClick={() => void send()}
          data-testid="nft-bid-confirm"
        >
          {t('nft.auction.placeBid')}
        </Button>
      </div>
    </Sheet>
  );
}

function AuctionPanel({ a, sale }: { a: NftArtworkDetail; sale: NftSale }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const session = useSnapshot(sessionState);
  const goLogin = useGoLogin();
  const invalidate = useInvalidate();
  useTopics([topics.auction(sale.id)]);
  const live = useSnapshot(auctionState).live[sale.id];
  const bid = live ? live.bid : sale.bid;
  const bidder = live ? live.bidder : sale.bidder;
  const minBid = live?.min_bid ?? sale.min_bid ?? sale.price;
  const endsAt = live?.ends_at ?? sale.ends_at;
  const status = live?.status ?? sale.status;
  const bids = live?.bids ?? sale.bids;
  const extensions = live?.extensions ?? sale.extensions;
  const now = useSecondTick(status === 'listed');
  const window = status === 'listed' ? saleWindow(sale.starts_at, endsAt, sale.on_sale, now) : 0;
  const [sheet, setSheet] = useState<'margin' | 'bid' | null>(null);
  // The end, a payment or a bid changes the caller's standing (leading, margin): read it again.
  const liveStatus = live?.status;
  useEffect(() => {
    if (liveStatus && liveStatus !== 'listed') void invalidate('nft');
  }, [liveStatus, invalidate]);
  const money = (v: string) => `${formatAmount(v, sale.decimals, fmt.lang)} ${sale.currency}`;
  const leading = sale.leading === true && bid === sale.bid;
  let action;
  if (sale.mine) action = <p className={nft.note}>{t('nft.yourAuction')}</p>;
  else if (status === 'awaiting_payment')
    action = leading ? (
      <Link to={pagePath('nft', 'mine', { tab: 'pay' })} className={nft.primaryLink} data-testid="nft-pay-now">
        {t('nft.auction.payNow')}
      </Link>
    ) : (
      <p className={nft.windowNote}>{t('nft.auction.awaitingWinner')}</p>
    );
  else if (status !== 'listed' || window === 0) action = <p className={nft.windowNote}>{t('nft.auction.ended')}</p>;
  else if (!session.token)
    action = (
      <Button block onClick={goLogin} data-testid="nft-login">
        {t('nft.loginToJoin')}
      </Button>
    );
  else if (window === 2)
    action = (
      <Button block disabled>
        {t('nft.notOnSaleYet')}
      </Button>
    );
  else if (sale.my_margin !== 'held')
    action = (
      <Button block onClick={() => setSheet('margin')} data-testid="nft-pay-margin">
        {t('nft.auction.payMarginN', { margin: money(sale.margin ?? '0') })}
      </Button>
    );
  else
    action = (
      <Button block onClick={() => setSheet('bid')} disabled={leading} data-testid="nft-bid">
        <Gavel size={16} /> {leading ? t('nft.auction.leading') : t('nft.auction.bid')}
      </Button>
    );
  return (
    <section className={nft.panel} data-testid="nft-sale" data-mode="auction" data-status={status} data-window={window}>
      <div className={styles.saleHead}>
        <span className={nft.muted}>{t(bid ? 'nft.currentBid' : 'nft.startingPrice')}</span>
        {sale.my_margin === 'held' && <span className={nft.tag}>{t('nft.auction.marginHeld')}</span>}
      </div>
      <div className={nft.bigPrice}>
        <b className="num" data-testid="nft-current-bid">
          {formatAmount(bid ?? sale.price, sale.decimals, fmt.lang)}
        </b>{' '}
        <small>{sale.currency}</small>
      </div>
      {bidder && (
        <p className={nft.muted} data-testid="nft-bidder">
          {t('nft.auction.by', { name: bidder })}
          {leading && <span className={nft.leadTag}>{t('nft.auction.leading')}</span>}
        </p>
      )}
      <dl className={nft.cells}>
        <Term label={t('nft.auction.minNext')} testId="nft-min-bid">
          {money(minBid)}
        </Term>
        <Term label={t('nft.auction.increment')}>{money(sale.increment ?? '0')}</Term>
        <Term label={t('nft.auction.margin')}>{money(sale.margin ?? '0')}</Term>
        <Term label={t('nft.auction.bids')} testId="nft-bids-count">
          {bids}
        </Term>
      </dl>
      {status === 'listed' && (
        <div className={nft.timer}>
          <Timer size={16} />
          {window === 2 ? (
            <SaleCountdown to={sale.starts_at} label="startsIn" />
          ) : window === 1 ? (
            <SaleCountdown to={endsAt} label="endsIn" testId="nft-auction-countdown" />
          ) : (
            <span>{t('nft.auction.settling')}</span>
          )}
          <time className={`${nft.muted} num`} data-testid="nft-ends-at" data-ends-at={endsAt ?? ''}>
            {endsAt ? t('nft.auction.endsAt', { time: dayjs(endsAt).format('HH:mm:ss') }) : ''}
          </time>
        </div>
      )}
      <p className={nft.note} data-testid="nft-anti-snipe">
        {t('nft.auction.antiSnipe')}
        {extensions > 0 && <> {t('nft.auction.extended', { n: extensions })}</>}
      </p>
      {action}
      <MarginSheet sale={sale} open={sheet === 'margin'} onClose={() => setSheet(null)} />
      {sheet === 'bid' && <BidSheet code={a.code} sale={sale} bid={bid} minBid={minBid} open onClose={() => setSheet(null)} />}
    </section>
  );
}

function BidRow({ b, decimals, currency }: { b: NftBid; decimals: number; currency: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const timeText = useTimeText();
  return (
    <li className={bids.bidRow} data-testid="nft-bid-row" data-id={b.id}>
      <span>
        {b.bidder}
        {b.mine && <span className={nft.leadTag}>{t('nft.you')}</span>}
      </span>
      <time className={nft.muted}>{timeText(b.created_at, 'MM-DD HH:mm:ss')}</time>
      <b className="num">
        {formatAmount(b.price, decimals, fmt.lang)} {currency}
      </b>
    </li>
  );
}

/** The latest bids: those that arrived live, then the page's; "all bids" pages through getBids. */
function BidsList({ a, sale }: { a: NftArtworkDetail; sale: NftSale }) {
  const { t } = useTranslation();
  const live = useSnapshot(auctionState).live[sale.id];
  const [all, setAll] = useState(false);
  const seen = new Set<number>();
  const rows = [...(live?.recent ?? []), ...a.bids].filter((b) => b.sale_id === sale.id && !seen.has(b.id) && seen.add(b.id));
  rows.sort((x, y) => y.id - x.id);
  const total = live?.bids ?? sale.bids;
  return (
    <section className={nft.panel} data-testid="nft-bids">
      <h2 className={nft.panelTitle}>{t('nft.auction.latestBids')}</h2>
      {all ? (
        <AllBids saleId={sale.id} decimals={sale.decimals} currency={sale.currency} />
      ) : rows.length === 0 ? (
        <p className={nft.muted}>{t('nft.auction.noBids')}</p>
      ) : (
        <>
          <ul className={bids.bidList}>
            {rows.map((b) => (
              <BidRow key={b.id} b={b} decimals={sale.decimals} currency={sale.currency} />
            ))}
          </ul>
          {total > rows.length && (
            <button type="button" className={nft.moreLink} onClick={() => setAll(true)} data-testid="nft-all-bids">
              {t('nft.auction.allBids', { count: total })}
            </button>
          )}
        </>
      )}
    </section>
  );
}

function AllBids({ saleId, decimals, currency }: { saleId: number; decimals: number; currency: string }) {
  const { t } = useTranslation();
  const list = usePages('/bind_box/getBids', { sale_id: String(saleId) });
  return (
    <PagedView list={list} emptyText={t('nft.auction.noBids')}>
      <ul className={bids.bidList}>
        {list.items.map((b) => (
          <BidRow key={b.id} b={b} decimals={decimals} currency={currency} />
        ))}
      </ul>
    </PagedView>
  );
}

export function SalePanel({ a }: { a: NftArtworkDetail }) {
  const { t } = useTranslation();
  const sale = a.sale;
  if (!sale)
    return (
      <section className={nft.panel} data-testid="nft-sale" data-mode="none">
        <p className={nft.muted}>{t('nft.notForSale')}</p>
        {a.owned && (
          <Link to={pagePath('nft', 'resell', { id: a.id })} className={nft.primaryLink} data-testid="nft-resell">
            {t('nft.resell.action')}
          </Link>
        )}
      </section>
    );
  if (sale.mode === 'normal') return <FixedPanel artworkId={a.id} sale={sale} />;
  return (
    <>
      <AuctionPanel a={a} sale={sale} />
      <BidsList a={a} sale={sale} />
    </>
  );
}
