/** A blind box the caller bought: Open while unopened, its result once opened. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { NftBoxOrder } from '../../../domain/nft/types';
import { useInvalidate } from '../../api/queries';
import { Button } from '../../ui/Button';
import { Sheet } from '../../ui/Sheet';
import { useIdempotentSubmit } from '../../ui/useIdempotentSubmit';
import { useTimeText } from '../../ui/useTimeText';
import { artworkPath, RarityBadge, Thumb } from './parts';
import nft from './Nft.module.css';
import styles from './boxes.module.css';

/** The result of an opened box: its rarity and artwork. */
export function BoxResult({ o }: { o: NftBoxOrder }) {
  if (o.rarity === null || o.type === null || o.artwork_id === null) return null;
  const art = { type: o.type, media: o.media, poster: o.poster, title: o.title };
  return (
    <Link
      to={artworkPath({ id: o.artwork_id, type: o.type })}
      className={styles.result}
      data-testid="nft-box-result"
      data-rarity={o.rarity}
    >
      <Thumb a={art} className={styles.resultThumb} />
      <RarityBadge rarity={o.rarity} />
      <span>{o.title}</span>
    </Link>
  );
}

/** One of the caller's boxes: Open while unopened, the result once opened. */
export function MyBox({ o, onOpened }: { o: NftBoxOrder; onOpened: (o: NftBoxOrder) => void }) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const timeText = useTimeText();
  const submit = useIdempotentSubmit('/bind_box/openBlindBox');
  const open = async () => {
    const answer = await submit.run({ id: String(o.id) });
    if (!answer) return;
    onOpened(answer);
    await invalidate('nft');
  };
  return (
    <li className={styles.myBox} data-testid="nft-my-box" data-id={o.id} data-status={o.status}>
      <img className={styles.myBoxCover} src={o.cover} alt="" />
      <span className={styles.myBoxText}>
        <b>{o.box}</b>
        <span className={`${nft.muted} num`}>{t('nft.orderAt', { n: o.id, time: timeText(o.created_at) })}</span>
      </span>
      {o.status === 'unopened' ? (
        <Button busy={submit.busy} onClick={() => void open()} data-testid="nft-open-box">
          {t('nft.box.open')}
        </Button>
      ) : (
        <BoxResult o={o} />
      )}
    </li>
  );
}

/** The reveal of a box just opened: the artwork drawn and its rarity. */
export function RevealSheet({ order, onClose }: { order: NftBoxOrder | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Sheet open={order !== null} title={t('nft.box.revealTitle')} onClose={onClose}>
      {order?.type && (
        <div className={styles.reveal} data-testid="nft-reveal" data-rarity={order.rarity ?? ''}>
          <Thumb a={{ type: order.type, media: order.media, poster: order.poster, title: order.title }} className={styles.revealThumb} />
          {order.rarity && <RarityBadge rarity={order.rarity} large />}
          <h3>{order.title}</h3>
          {order.rarity && <p className={nft.muted}>{t(`nft.rarityName.${order.rarity}`)}</p>}
        </div>
      )}
    </Sheet>
  );
}
