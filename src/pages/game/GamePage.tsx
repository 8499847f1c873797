/**
 * The mini game (docs/community/GAME.md): points only, never money. My points
 * and today's allowance (granted on the first visit of the UTC day), the pair, its live price
 * (the worker's feed), stake chips and the Up / Down buttons; the open round's 60 s countdown with
 * its open price and the would-be result (the worker's formula); my rounds; the leaderboard.
 */
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { ArrowDown, ArrowRight, ArrowUp, Trophy } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameBoardPeriod, GameDirection, GameResult, GameRound } from '../../../domain/game/types';
import { topics } from '../../../domain/protocol';
import { apiQuery, useInvalidate } from '../../api/queries';
import { useTicker } from '../../state/market';
import { Button } from '../../ui/Button';
import { Empty } from '../../ui/Empty';
import { Page } from '../../ui/Page';
import { Skeleton } from '../../ui/Skeleton';
import { Tabs } from '../../ui/Tabs';
import { useIdempotentSubmit } from '../../ui/useIdempotentSubmit';
import { useTickerFocus } from '../../ui/useTickerFocus';
import { useTopics } from '../../ui/useTopics';
import { getWorker } from '../../worker-client';
import type { GameStakePreview } from '../../../worker/game/api';
import styles from './Game.module.css';
import { Term } from '../../ui/Term';
import { useFormat } from '../../ui/useFormat';

type Tab = 'play' | 'history' | 'board';

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(id);
  }, []);
  return now;
}

/** A round's clock time, 24 h as everywhere in the app (the browser's locale once showed "07:10:53 PM" beside a Chinese page). */
const time = (ts: number) => dayjs(ts).format('HH:mm:ss');

export default function GamePage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('play');
  return (
    <Page title={t('game.title')}>
      <div className={styles.tabs}>
        <Tabs
          items={[
            { key: 'play', label: t('game.tabPlay') },
            { key: 'history', label: t('game.tabHistory') },
            { key: 'board', label: t('game.tabBoard') },
          ]}
          value={tab}
          onChange={setTab}
        />
      </div>
      {tab === 'play' && <Play />}
      {tab === 'history' && <History />}
      {tab === 'board' && <Board />}
    </Page>
  );
}

function Play() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const invalidate = useInvalidate();
  const home = useQuery(apiQuery('/game/home'));
  const [matchId, setMatchId] = useState<number | null>(null);
  const [stake, setStake] = useState(100);
  const [preview, setPreview] = useState<GameStakePreview | null>(null);
  const [last, setLast] = useState<GameRound | null>(null);
  const submit = useIdempotentSubmit('/game/play');
  const data = home.data;
  const open = data?.open_round ?? null;
  const pair = data?.pairs.find((p) => p.match_id === (open?.match_id ?? matchId)) ?? data?.pairs[0];
  useTickerFocus(pair?.symbol);
  // The live prices come with the quotes topic (as on the trade pages); the focus alone only ranks the pair.
  useTopics(useMemo(() => [topics.quotes()], []));
  const tk = useTicker(pair?.symbol);
  const now = useNow();
  const left = open ? Math.min(data!.round_seconds, Math.max(0, Math.ceil((open.closes_at - now) / 1000))) : 0;
  const [wouldBe, setWouldBe] = useState<GameResult | null>(null);

  useEffect(() => {
    if (!data) return;
    void getWorker().game.preview(stake, data.points).then(setPreview);
  }, [stake, data]);

  useEffect(() => {
    if (!open) return setWouldBe(null);
    void getWorker()
      .game.wouldBe(open.direction, open.open_price, tk?.price ?? null)
      .then(setWouldBe);
  }, [open, tk?.price]);

  // While a round is open, look for its settlement (the engine settles at the first recorded tick after the close).
  useEffect(() => {
    if (!open) return;
    const id = setInterval(() => {
      if (Date.now() < open.closes_at) return;
      void getWorker(); // keep the worker warm
      void invalidate('game');
    }, 1000);
    return () => clearInterval(id);
  }, [open, invalidate]);

  // When the open round disappears, show its result.
  const [watching, setWatching] = useState<number | null>(null);
  const settled = useQuery({ ...apiQuery('/game/round', { id: String(watching ?? 0) }), enabled: watching !== null && !open });
  useEffect(() => {
    if (open) setWatching(open.id);
  }, [open]);
  useEffect(() => {
    if (settled.data?.status === 'settled') {
      setLast(settled.data);
      setWatching(null);
    }
  }, [settled.data]);

  async function play(direction: GameDirection) {
    if (!pair) return;
    const round = await submit.run({ match_id: String(pair.match_id), direction, stake: String(stake) });
    if (round) {
      setLast(null);
      await invalidate('game');
    }
  }

  if (!data) return <Skeleton height={360} />;
  const problem = preview?.problem ? t(`game.problem.${preview.problem}`, { min: data.stake_min, max: data.stake_max }) : null;
  return (
    <div className={styles.body}>
      <section className={styles.hero}>
        <div>
          <span className={styles.muted}>{t('game.points')}</span>
          <strong className={`${styles.points} num`} data-testid="game-points">
            {data.points.toLocaleString()}
          </strong>
        </div>
        <div className={styles.right}>
          <span className={styles.muted}>{t('game.allowance')}</span>
          <strong className="num">+{data.granted_today.toLocaleString()}</strong>
        </div>
        <p className={styles.note}>{t('game.allowanceNote', { n: data.allowance.toLocaleString() })}</p>
      </section>

      <div className={styles.pairs}>
        {data.pairs.slice(0, 8).map((p) => (
          <button
            key={p.match_id}
            type="button"
            disabled={!!open}
            className={`${styles.chip} ${p.match_id === pair?.match_id ? styles.active : ''}`}
            aria-pressed={p.match_id === pair?.match_id}
            onClick={() => setMatchId(p.match_id)}
            data-testid={`game-pair-${p.symbol}`}
          >
            {p.symbol}
          </button>
        ))}
      </div>

      <section className={styles.priceCard}>
        <span className={styles.muted}>
          {pair?.symbol} · {t('game.livePrice')}
        </span>
        <strong className={`${styles.price} num ${tk?.move === 'up' ? 'up' : tk?.move === 'down' ? 'down' : ''}`} data-testid="game-price">
          {tk?.priceText ?? '--'}
        </strong>
      </section>

      {open ? (
        <section className={styles.round} data-testid="game-open-round">
          <div className={styles.roundHead}>
            <span>{t('game.open')}</span>
            <span className={`${styles.badge} ${styles[open.direction]}`}>
              {t(`game.${open.direction}`)} · {open.stake} {t('game.pts')}
            </span>
          </div>
          <div className={styles.countdown}>
            <span className="num" data-testid="game-countdown">
              {left > 0 ? t('game.seconds', { n: left }) : '…'}
            </span>
            <div className={styles.bar}>
              <i style={{ width: `${(left / data.round_seconds) * 100}%` }} />
            </div>
          </div>
          <dl className={styles.rows}>
            <Term label={t('game.openPrice')}>{fmt.number(open.open_price)}</Term>
            <Term label={t('game.closesAt')}>{time(open.closes_at)}</Term>
          </dl>
          <p className={styles.note}>
            {left > 0 && wouldBe ? t('game.wouldBe', { result: t(`game.result.${wouldBe}`) }) : left > 0 ? '' : t('game.settling')}
          </p>
        </section>
      ) : (
        <section className={styles.panel}>
          <div className={styles.label}>
            <span>{t('game.stake')}</span>
            {preview && !preview.problem && <span className="up">{t('game.winNet', { n: preview.winNet })}</span>}
          </div>
          <div className={styles.chips}>
            {data.chips.map((c) => (
              <button
                key={c}
                type="button"
                className={`${styles.chip} ${c === stake ? styles.active : ''}`}
                onClick={() => setStake(c)}
                data-testid={`game-stake-${c}`}
              >
                {c}
              </button>
            ))}
          </div>
          {problem && (
            <p className={styles.error} role="alert">
              {problem}
            </p>
          )}
          <div className={styles.buttons}>
            <Button
              className={styles.upBtn}
              disabled={!!problem || !tk}
              busy={submit.busy}
              onClick={() => void play('up')}
              data-testid="game-up"
            >
              <ArrowUp size={18} /> {t('game.up')}
            </Button>
            <Button
              className={styles.downBtn}
              disabled={!!problem || !tk}
              busy={submit.busy}
              onClick={() => void play('down')}
              data-testid="game-down"
            >
              <ArrowDown size={18} /> {t('game.down')}
            </Button>
          </div>
          <p className={styles.note}>{t('game.rules', { s: data.round_seconds })}</p>
        </section>
      )}

      {last && (
        <section className={`${styles.round} ${styles[last.result ?? 'draw']}`} data-testid="game-last-result" data-result={last.result}>
          <div className={styles.roundHead}>
            <span>{t('game.lastResult')}</span>
            <strong>
              {t(`game.result.${last.result ?? 'draw'}`)} {last.net !== null && last.net > 0 ? `+${last.net}` : last.net} {t('game.pts')}
            </strong>
          </div>
          <dl className={styles.rows}>
            <Term label={t('game.openPrice')}>{fmt.number(last.open_price)}</Term>
            <Term label={t('game.closePrice')}>
              {last.close_price ? fmt.number(last.close_price) : ''} · {last.close_ts ? time(last.close_ts) : ''}
            </Term>
          </dl>
        </section>
      )}
    </div>
  );
}

function History() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const rounds = useQuery(apiQuery('/game/rounds', { page: '1', limit: '50' }));
  if (rounds.isPending) return <Skeleton height={240} />;
  if (!rounds.data?.data.length) return <Empty text={t('game.noRounds')} />;
  return (
    <ul className={styles.list} data-testid="game-history">
      {rounds.data.data.map((r) => (
        <li key={r.id} className={styles.item} data-testid="game-history-row" data-status={r.status} data-result={r.result ?? ''}>
          <div>
            <strong>{r.symbol}</strong> <span className={`${styles.badge} ${styles[r.direction]}`}>{t(`game.${r.direction}`)}</span>
            <div className={styles.muted}>
              <span className="num">{fmt.number(r.open_price)}</span> <ArrowRight size={12} />{' '}
              <span className="num">{r.close_price ? fmt.number(r.close_price) : '…'}</span> · {time(r.open_ts)}
            </div>
          </div>
          <div className={styles.right}>
            <strong className={`num ${r.net !== null && r.net > 0 ? 'up' : r.net !== null && r.net < 0 ? 'down' : ''}`}>
              {r.net === null ? `${r.stake}` : r.net > 0 ? `+${r.net}` : r.net}
            </strong>
            <div className={styles.muted}>{r.result ? t(`game.result.${r.result}`) : t('game.open')}</div>
          </div>
        </li>
      ))}
    </ul>
  );
}

function Board() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<GameBoardPeriod>('today');
  const board = useQuery(apiQuery('/game/leaderboard', { period }));
  return (
    <div className={styles.body}>
      <Tabs
        variant="pill"
        items={[
          { key: 'today', label: t('game.today') },
          { key: 'all', label: t('game.all') },
        ]}
        value={period}
        onChange={setPeriod}
      />
      {board.isPending ? (
        <Skeleton height={240} />
      ) : !board.data?.length ? (
        <Empty text={t('game.noBoard')} />
      ) : (
        <ul className={styles.list} data-testid="game-board">
          <li className={`${styles.item} ${styles.head}`}>
            <span>
              {t('game.rank')} {t('game.player')}
            </span>
            <span>{t('game.won')}</span>
          </li>
          {board.data.map((e) => (
            <li key={e.rank} className={`${styles.item} ${e.me ? styles.me : ''}`}>
              <span>
                <b className={styles.rank}>{e.rank <= 3 ? <Trophy size={14} /> : e.rank}</b> {e.nickname}
                {e.me && <span className={styles.meTag}>{t('game.me')}</span>}
              </span>
              <span className={styles.right}>
                <strong className={`num ${e.won > 0 ? 'up' : e.won < 0 ? 'down' : ''}`}>{e.won > 0 ? `+${e.won}` : e.won}</strong>
                <div className={styles.muted}>
                  {e.rounds} {t('game.rounds')}
                </div>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
