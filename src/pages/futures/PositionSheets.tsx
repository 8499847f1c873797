import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { InputOf } from '../../../domain/api/contract';
import { futuresEndpoints } from '../../../domain/futures/contract';
import { call } from '../../api/request';
import { showToast } from '../../state/ui';
import { Button } from '../../ui/Button';
import { Sheet } from '../../ui/Sheet';
import { useForm } from '../../ui/useForm';
import { getWorker } from '../../worker-client';
import type { FuturesOrderView, FuturesPositionView } from '../../../worker/futures/FuturesSlice';
import type { FuturesPreview } from '../../../worker/futures/preview';
import styles from './PositionsPanel.module.css';

/** What the panel asks to do: each opens one sheet. */
export type PositionAction =
  | { kind: 'close'; position: FuturesPositionView }
  | { kind: 'stops'; position: FuturesPositionView }
  | { kind: 'cancel'; order: FuturesOrderView }
  | { kind: 'batch' };

/** A confirmation with one money-moving call, its Idempotency-Key kept for a retry. */
function ConfirmSheet({
  title,
  text,
  confirm,
  danger,
  onClose,
  send,
  testId,
}: {
  title: string;
  text: string;
  confirm: string;
  danger?: boolean;
  onClose: () => void;
  send: (idempotencyKey: string) => Promise<unknown>;
  testId: string;
}) {
  const { t } = useTranslation();
  const form = useForm();
  const go = async () => {
    if ((await form.run(send)) !== undefined) onClose();
  };
  return (
    <Sheet open title={title} onClose={onClose}>
      <div className={styles.sheetBody} data-testid={testId}>
        <p className={styles.sheetText}>{text}</p>
        <div className={styles.sheetButtons}>
          <Button variant="secondary" block onClick={onClose}>
            {t('futures.panel.keep')}
          </Button>
          <Button
            block
            busy={form.busy}
            className={danger ? styles.danger : undefined}
            onClick={() => void go()}
            data-testid={`${testId}-ok`}
          >
            {confirm}
          </Button>
        </div>
      </div>
    </Sheet>
  );
}

/** A labelled price input with its error under it (the trade screen loads no auth strings, so no TextField). */
function PriceField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  name: string;
  error: string | null;
  testId: string;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label className={styles.fieldLabel} htmlFor={id}>
        {props.label}
      </label>
      <input
        id={id}
        className={`${styles.fieldInput} ${props.error ? styles.invalid : ''}`}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        inputMode="decimal"
        autoComplete="off"
        name={props.name}
        aria-invalid={props.error ? true : undefined}
        data-testid={props.testId}
      />
      {props.error && <p className={styles.sheetError}>{props.error}</p>}
    </div>
  );
}

type StopsCheck = FuturesPreview['stops'];
const NO_ISSUES: StopsCheck = { takeProfit: null, stopLoss: null };

/**
 * The take-profit / stop-loss editor of one position (`/lever/setstop`); an empty field clears it.
 * The worker checks both as they are typed with the server's rules: a number, the side
 * of the entry and the mark, the price band around the mark, a stop-loss before the position's
 * estimated liquidation; Save is off while one is broken.
 */
function StopsSheet({ position, onClose }: { position: FuturesPositionView; onClose: () => void }) {
  const { t } = useTranslation();
  const [takeProfit, setTakeProfit] = useState(position.target_profit_price ?? '');
  const [stopLoss, setStopLoss] = useState(position.stop_loss_price ?? '');
  const [issues, setIssues] = useState<StopsCheck>(NO_ISSUES);
  const form = useForm<'target_profit_price' | 'stop_loss_price'>(['target_profit_price', 'stop_loss_price']);

  // Re-checked as typed and as the mark moves (the band and the liquidation estimate follow it).
  useEffect(() => {
    let current = true;
    void getWorker()
      .futures.checkStops(position.id, takeProfit, stopLoss)
      .then((next) => {
        if (current) setIssues(next);
      });
    return () => {
      current = false;
    };
  }, [position.id, position.mark, takeProfit, stopLoss]);
  const issueText = (issue: StopsCheck['takeProfit']) => (issue ? t(issue.key, issue.params) : null);
  const blocked = issues.takeProfit !== null || issues.stopLoss !== null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input: InputOf<'/lever/setstop'> = {
      id: String(position.id),
      target_profit_price: takeProfit.trim(),
      stop_loss_price: stopLoss.trim(),
    };
    if (!form.check(futuresEndpoints['/lever/setstop'].input, input)) return;
    // The server's rules, told before the call (at the worker's latest mark).
    const now = await getWorker().futures.checkStops(position.id, takeProfit, stopLoss);
    setIssues(now);
    if (now.takeProfit || now.stopLoss) return;
    const done = await form.run((idempotencyKey) => call('/lever/setstop', input, { idempotencyKey }));
    if (!done) return;
    showToast(t('futures.panel.stopsSaved'));
    onClose();
  };

  return (
    <Sheet open title={t('futures.panel.stopsTitle')} onClose={onClose}>
      <form className={styles.sheetBody} onSubmit={submit} noValidate data-testid="stops-sheet">
        <div className={styles.sheetFacts}>
          <span>{position.symbol}</span>
          <span>
            {t('futures.panel.entry')} <b className="num">{position.openText}</b>
          </span>
          <span>
            {t('futures.panel.mark')} <b className="num">{position.markText}</b>
          </span>
        </div>
        <PriceField
          label={t('futures.form.takeProfit')}
          value={takeProfit}
          onChange={form.edit('target_profit_price', setTakeProfit)}
          name="target_profit_price"
          error={form.errorOf('target_profit_price') ?? issueText(issues.takeProfit)}
          testId="stops-tp"
        />
        <PriceField
          label={t('futures.form.stopLoss')}
          value={stopLoss}
          onChange={form.edit('stop_loss_price', setStopLoss)}
          name="stop_loss_price"
          error={form.errorOf('stop_loss_price') ?? issueText(issues.stopLoss)}
          testId="stops-sl"
        />
        <p className={styles.sheetHint}>{t('futures.panel.stopsHint')}</p>
        {form.error && <p className={styles.sheetError}>{form.error}</p>}
        <Button type="submit" block busy={form.busy} disabled={blocked} data-testid="stops-save">
          {t('futures.panel.save')}
        </Button>
      </form>
    </Sheet>
  );
}

/** Batch close: all, longs only or shorts only (`/lever/batch_close`), then a confirmation. */
function BatchSheet({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [type, setType] = useState<'0' | '1' | '2' | null>(null);
  const labels = { '0': t('futures.panel.batchAll'), '1': t('futures.panel.batchLong'), '2': t('futures.panel.batchShort') } as const;
  if (type !== null)
    return (
      <ConfirmSheet
        title={labels[type]}
        text={t('futures.panel.closeConfirm')}
        confirm={t('futures.panel.close')}
        danger
        onClose={onClose}
        testId="batch-confirm"
        send={async (idempotencyKey) => {
          const done = await call('/lever/batch_close', { type }, { idempotencyKey });
          showToast(t('futures.panel.batchDone', { count: done.closed }));
          return done;
        }}
      />
    );
  return (
    <Sheet open title={t('futures.panel.batchTitle')} onClose={onClose}>
      <div className={styles.batch} data-testid="batch-sheet">
        {(['1', '2', '0'] as const).map((k) => (
          <button key={k} type="button" className={styles.batchOption} onClick={() => setType(k)} data-testid={`batch-${k}`}>
            {labels[k]}
          </button>
        ))}
      </div>
    </Sheet>
  );
}

/** The sheet of the panel's current action. */
export function PositionActionSheet({ action, onClose }: { action: PositionAction | null; onClose: () => void }) {
  const { t } = useTranslation();
  const shown = action;
  if (!shown) return null;
  switch (shown.kind) {
    case 'stops':
      return <StopsSheet key={shown.position.id} position={shown.position} onClose={onClose} />;
    case 'batch':
      return <BatchSheet onClose={onClose} />;
    case 'close': {
      const p = shown.position;
      return (
        <ConfirmSheet
          title={t('futures.panel.closeTitle')}
          text={`${p.symbol} · ${t(p.side === 'long' ? 'futures.form.long' : 'futures.form.short')} ${t('futures.form.multiple', { multiple: p.multiple })} · ${p.lotsText} ${t('futures.form.lotsUnit')} — ${t('futures.panel.closeConfirm')}`}
          confirm={t('futures.panel.close')}
          danger
          onClose={onClose}
          testId="close-confirm"
          send={async (idempotencyKey) => {
            const done = await call('/lever/close', { id: String(p.id) }, { idempotencyKey });
            showToast(t('futures.panel.closed'));
            return done;
          }}
        />
      );
    }
    case 'cancel': {
      const o = shown.order;
      return (
        <ConfirmSheet
          title={t('futures.panel.cancelTitle')}
          text={`${o.symbol} · ${o.priceText} · ${o.lotsText} ${t('futures.form.lotsUnit')} — ${t('futures.panel.cancelConfirm')}`}
          confirm={t('futures.panel.cancel')}
          onClose={onClose}
          testId="cancel-confirm"
          send={async (idempotencyKey) => {
            const done = await call('/lever/cancel', { id: String(o.id) }, { idempotencyKey });
            showToast(t('futures.panel.cancelled'));
            return done;
          }}
        />
      );
    }
  }
}
