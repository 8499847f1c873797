/**
 * The follow form (`?trader=`): fixed multiple or fixed lots, the number, the copier's
 * risk controls (the most margin one copy may take, the copy stop-loss, copies a day) each with
 * what it does, a live preview from the worker (the number as the server keeps it — 1.234 → 1.23
 * — and the size of a copy of the trader's typical order), a confirmation sheet, then
 * `POST /follow/follow`. Editing an existing follow starts from its terms. The server decides.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { FOLLOW_MAX_MULTIPLE, type FollowItem, type FollowType } from '../../../domain/copytrade/types';
import { LOT_RULES } from '../../../domain/futures/types';
import { apiQuery, useInvalidate } from '../../api/queries';
import { call } from '../../api/request';
import { showToast } from '../../state/ui';
import { Button } from '../../ui/Button';
import { Empty } from '../../ui/Empty';
import { Page } from '../../ui/Page';
import { Sheet } from '../../ui/Sheet';
import { Skeleton } from '../../ui/Skeleton';
import { useFormat } from '../../ui/useFormat';
import { getWorker } from '../../worker-client';
import type { FollowPreview } from '../../../worker/copytrade/preview';
import { Avatar } from './parts';
import styles from './CopyTrading.module.css';
import { useWorkerPreview } from '../../ui/useWorkerPreview';
import { AmountInput } from '../../ui/AmountInput';
import { Term } from '../../ui/Term';
import { pagePath } from '../../paths';

/** The futures lot rules every pair shares, and the largest multiple: the server's own constants. */
const RULES = LOT_RULES;
const MAX_MULTIPLE = FOLLOW_MAX_MULTIPLE;

interface Form {
  type: FollowType;
  number: string;
  max_margin: string;
  stop_loss: string;
  daily_limit: string;
}

const fromFollow = (f: FollowItem): Form => ({
  type: f.type,
  number: f.number,
  max_margin: f.max_margin ?? '',
  stop_loss: f.stop_loss ?? '',
  daily_limit: f.daily_limit === null ? '' : String(f.daily_limit),
});

function RiskField({
  name,
  value,
  onChange,
  unit,
  problem,
}: {
  name: 'max_margin' | 'stop_loss' | 'daily_limit';
  value: string;
  onChange: (v: string) => void;
  unit: string;
  problem: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <label className={styles.field}>
      <span>{t(`copytrade.risk.${name}`)}</span>
      <AmountInput
        testId={`follow-${name}`}
        whole={name === 'daily_limit'}
        value={value}
        placeholder={t('copytrade.optional')}
        onChange={onChange}
        unit={unit}
      />
      {problem ? (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      ) : (
        <small>{t(`copytrade.risk.${name}Help`)}</small>
      )}
    </label>
  );
}

export default function FollowPage() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [params] = useSearchParams();
  const traderId = Number(params.get('trader'));
  const valid = Number.isInteger(traderId) && traderId > 0;
  const detail = useQuery({ ...apiQuery('/follow/traderDetail', { trader_user_id: String(traderId) }), enabled: valid });
  const history = useQuery({ ...apiQuery('/follow/historyTrade', { trader_user_id: String(traderId), limit: '20' }), enabled: valid });
  const mine = useQuery(apiQuery('/follow/my', { status: 'following' }));
  const existing = mine.data?.find((f) => f.trader_user_id === traderId && f.status === 'following') ?? null;
  const [form, setForm] = useState<Form>({ type: 1, number: '1', max_margin: '', stop_loss: '', daily_limit: '' });
  const [prefilled, setPrefilled] = useState(false);
  const [typical, setTypical] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (prefilled || !mine.data) return;
    if (existing) setForm(fromFollow(existing));
    setPrefilled(true);
  }, [mine.data, existing, prefilled]);

  const shares = useMemo(
    () => [...(history.data?.data ?? []).map((tr) => tr.share), ...(detail.data?.positions ?? []).map((p) => p.share)],
    [history.data, detail.data],
  );
  useEffect(() => {
    void getWorker().copytrade.typicalLots(shares).then(setTypical);
  }, [shares]);

  const preview = useWorkerPreview<FollowPreview>(
    () => getWorker().copytrade.preview({ ...form, trader_lots: typical, rules: RULES, max_multiple: MAX_MULTIPLE }),
    [form, typical],
  );

  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));

  async function submit() {
    setBusy(true);
    try {
      const optional = (v: string) => (v.trim() ? v.trim() : undefined);
      await call('/follow/follow', {
        trader_user_id: String(traderId),
        type: form.type === 1 ? '1' : '2',
        number: form.number.trim(),
        max_margin: optional(form.max_margin),
        stop_loss: optional(form.stop_loss),
        daily_limit: optional(form.daily_limit),
      });
      await invalidate('copytrade');
      setConfirming(false);
      showToast(t('copytrade.toastFollowing', { name: detail.data?.nickname ?? '' }));
      void navigate(pagePath('copytrade', 'my'), { replace: true });
    } catch {
      // The `call` toast shows the server's reason.
    } finally {
      setBusy(false);
    }
  }

  const title = existing ? t('copytrade.editTitle') : t('copytrade.followTitle');
  if (!valid || detail.isError) return <Page title={title}>{<Empty text={t('copytrade.noTrader')} />}</Page>;
  const d = detail.data;
  if (!d || !mine.data) return <Page title={title}>{<Skeleton height={420} />}</Page>;
  const problem = preview?.problem && form.number.trim() ? t(`copytrade.problem.${preview.problem}`, preview.params) : null;
  const riskText = (field: 'max_margin' | 'stop_loss' | 'daily_limit') => {
    const p = preview?.risk[field];
    return p ? t(`copytrade.problem.${p}`) : undefined;
  };
  const hasRiskProblem = preview ? Object.keys(preview.risk).length > 0 : true;
  const unitOf = form.type === 1 ? t('copytrade.multipleUnit') : t('copytrade.lotsUnit');
  const none = t('copytrade.none');
  return (
    <Page title={title}>
      <div className={styles.detailHead}>
        <Avatar name={d.nickname} src={d.avatar} />
        <div>
          <h2>{d.nickname}</h2>
          <span className={styles.muted}>{t('copytrade.followersN', { n: d.followers })}</span>
        </div>
      </div>
      <section className={styles.section}>
        <div className={styles.field}>
          <span>{t('copytrade.followType')}</span>
          <div className={styles.toggle} role="group">
            {([1, 2] as const).map((type) => (
              <button
                key={type}
                type="button"
                aria-pressed={form.type === type}
                onClick={() => set({ type, number: type === 1 ? '1' : RULES.min_lots })}
                data-testid={`follow-type-${type}`}
              >
                {t(`copytrade.type.${type}`)}
              </button>
            ))}
          </div>
          <small>{t(`copytrade.typeHelp.${form.type}`)}</small>
        </div>
        <label className={styles.field}>
          <span>{form.type === 1 ? t('copytrade.multiple') : t('copytrade.fixedLots')}</span>
          <AmountInput testId="follow-number" value={form.number} onChange={(number) => set({ number })} unit={unitOf} />
          {problem ? (
            <p className={styles.error} role="alert">
              {problem}
            </p>
          ) : preview?.rounded ? (
            <p className={styles.kept} data-testid="follow-kept">
              {t('copytrade.keptAs', { number: preview.keptText })}
            </p>
          ) : null}
        </label>
        {preview && !preview.problem && (
          <p className={styles.note} data-testid="follow-example">
            {preview.exampleLotsText === null
              ? t('copytrade.exampleNone')
              : form.type === 1
                ? t('copytrade.exampleMultiple', { lots: fmt.number(typical ?? '0'), copy: preview.exampleLotsText })
                : t('copytrade.exampleFixed', { copy: preview.exampleLotsText })}
            {preview.exampleTooSmall && ` ${t('copytrade.exampleTooSmall', { min: fmt.number(RULES.min_lots) })}`}
          </p>
        )}
      </section>
      <section className={styles.section}>
        <h3>{t('copytrade.riskTitle')}</h3>
        <RiskField
          name="max_margin"
          value={form.max_margin}
          onChange={(v) => set({ max_margin: v })}
          unit="USDT"
          problem={riskText('max_margin')}
        />
        <RiskField
          name="stop_loss"
          value={form.stop_loss}
          onChange={(v) => set({ stop_loss: v })}
          unit="USDT"
          problem={riskText('stop_loss')}
        />
        <RiskField
          name="daily_limit"
          value={form.daily_limit}
          onChange={(v) => set({ daily_limit: v })}
          unit={t('copytrade.copiesUnit')}
          problem={riskText('daily_limit')}
        />
      </section>
      <p className={`${styles.note} ${styles.signature}`}>{t('copytrade.followNote')}</p>
      <div className={styles.footer}>
        <Button
          block
          disabled={!preview || preview.problem !== null || hasRiskProblem || (!existing && !d.accepting)}
          onClick={() => setConfirming(true)}
          data-testid="follow-submit"
        >
          {existing ? t('copytrade.saveFollow') : t('copytrade.follow')}
        </Button>
      </div>
      <Sheet open={confirming} title={t('copytrade.confirmTitle')} onClose={() => setConfirming(false)}>
        <div className={styles.sheetBody} data-testid="follow-confirm">
          <dl className={styles.rows}>
            <div>
              <dt>{t('copytrade.trader')}</dt>
              <dd>{d.nickname}</dd>
            </div>
            <div>
              <dt>{t('copytrade.followType')}</dt>
              <dd>{t(`copytrade.type.${form.type}`)}</dd>
            </div>
            <Term label={form.type === 1 ? t('copytrade.multiple') : t('copytrade.fixedLots')} testId="follow-confirm-number">
              {preview?.keptText} {unitOf}
            </Term>
            <Term label={t('copytrade.risk.max_margin')}>
              {form.max_margin.trim() ? `${fmt.number(form.max_margin.trim())} USDT` : none}
            </Term>
            <Term label={t('copytrade.risk.stop_loss')}>{form.stop_loss.trim() ? `-${fmt.number(form.stop_loss.trim())} USDT` : none}</Term>
            <Term label={t('copytrade.risk.daily_limit')}>{form.daily_limit.trim() ? form.daily_limit.trim() : none}</Term>
          </dl>
          <p className={styles.note}>{t('copytrade.confirmNote')}</p>
          <Button block busy={busy} onClick={() => void submit()} data-testid="follow-confirm-submit">
            {t('copytrade.confirm')}
          </Button>
        </div>
      </Sheet>
    </Page>
  );
}
