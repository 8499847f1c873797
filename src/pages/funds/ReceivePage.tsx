import { useQuery } from '@tanstack/react-query';
import { Copy, Info } from 'lucide-react';
import QRCode from 'qrcode';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { fundsEndpoints } from '../../../domain/funds/contract';
import { apiQuery, useInvalidate } from '../../api/queries';
import { call } from '../../api/request';
import { showToast } from '../../state/ui';
import { Button } from '../../ui/Button';
import { Empty } from '../../ui/Empty';
import { ImagePicker } from '../../ui/ImagePicker';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { Tabs } from '../../ui/Tabs';
import { TextField } from '../../ui/TextField';
import { useForm } from '../../ui/useForm';
import { amountProblemText } from '../../ui/validation';
import { getWorker } from '../../worker-client';
import form from '../../ui/Form.module.css';
import { CoinPickerRow } from './CoinPickerRow';
import styles from './ReceivePage.module.css';
import { formatAmount } from '../../../domain/format';
import { useFormat } from '../../ui/useFormat';
import { pagePath } from '../../paths';

const USDT_ID = '3';

/**
 * Deposit (fund/receive): coin and network, the platform address with its QR code,
 * then the amount paid and a photo of the payment voucher for an operator to check.
 */
export default function ReceivePage() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const currency = params.get('currency') ?? USDT_ID;
  const info = useQuery(apiQuery('/wallet/get_in_address', { currency }));
  const invalidate = useInvalidate();
  const [network, setNetwork] = useState<string | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [sender, setSender] = useState('');
  const [voucher, setVoucher] = useState<string | null>(null);
  const { error, errorOf, edit, setFieldError, busy, check, checkField, run } = useForm(['amount', 'account', 'voucher']);

  const networks = info.data?.networks ?? [];
  const chosen = networks.find((n) => n.type === network) ?? networks[0];
  useEffect(() => {
    if (!chosen) return;
    void QRCode.toDataURL(chosen.address, { margin: 1, width: 400, color: { dark: '#0b0e14', light: '#ffffff' } }).then(setQr);
  }, [chosen]);

  const copy = async () => {
    if (!chosen) return;
    try {
      await navigator.clipboard.writeText(chosen.address);
      showToast(t('common.copied'));
    } catch {
      showToast(chosen.address);
    }
  };

  const inputOf = (network: string) => ({
    currency,
    type: network,
    amount: amount.trim(),
    voucher: voucher ?? '',
    account: sender || undefined,
  });

  /**
   * The server's amount rules for this coin and network (its decimals, the network's minimum),
   * checked in the worker; shows the message under the amount. Needs no voucher, so the user
   * learns the minimum before paying and uploading.
   */
  const checkAmount = async (network: NonNullable<typeof chosen>): Promise<boolean> => {
    if (!info.data || !checkField(fundsEndpoints['/wallet/charge_req'].input, inputOf(network.type), 'amount')) return false;
    const coin = { name: info.data.currency, decimals: info.data.decimals };
    const problem = await getWorker().funds.checkAmount(amount.trim(), coin, network.min);
    if (!problem) return true;
    setFieldError('amount', amountProblemText(t, problem, coin, t('errors.depositBelowMin', { min: network.min })));
    return false;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!chosen) return;
    const input = inputOf(chosen.type);
    const valid = check(fundsEndpoints['/wallet/charge_req'].input, input);
    // The amount's own rules first: a voucher missing too is shown beside, not instead.
    const amountOk = await checkAmount(chosen);
    if (!valid || !amountOk) return;
    const done = await run((idempotencyKey) => call('/wallet/charge_req', input, { idempotencyKey }));
    if (done === undefined) return;
    void invalidate('deposits');
    showToast(t('funds.receive.submitted'));
    navigate(pagePath('fund', 'receive_withdraw_record'), { replace: true });
  };

  const title = pageTitle(t, { area: 'fund', page: 'receive' });
  if (info.isError && !info.data) {
    return (
      <Page title={title}>
        <Empty text={t('common.loadFailed')} action={{ label: t('common.retry'), onClick: () => void info.refetch() }} />
      </Page>
    );
  }
  return (
    <Page
      title={title}
      right={
        <Link to={pagePath('fund', 'receive_withdraw_record')} className={styles.records}>
          {t('funds.receive.records')}
        </Link>
      }
    >
      <form className={form.form} onSubmit={submit} noValidate>
        {info.data && <CoinPickerRow currency={info.data.currency} next="receive" label={t('funds.receive.changeCoin')} />}
        {networks.length > 1 && chosen && (
          <Tabs variant="pill" items={networks.map((n) => ({ key: n.type, label: n.type }))} value={chosen.type} onChange={setNetwork} />
        )}
        {chosen && (
          <section className={styles.card} data-testid="deposit-address">
            <div className={styles.qr}>{qr && <img src={qr} alt={t('funds.receive.qrAlt')} />}</div>
            <span className={styles.label}>{t('funds.receive.address', { network: chosen.type })}</span>
            <p className={`${styles.address} num`}>{chosen.address}</p>
            <Button variant="secondary" onClick={() => void copy()}>
              <Copy size={16} />
              {t('funds.receive.copy')}
            </Button>
            <p className={styles.note}>
              <Info size={14} />
              <span>
                {t('funds.receive.minNote', {
                  min: formatAmount(chosen.min, info.data?.decimals ?? 8, fmt.lang),
                  currency: info.data?.currency ?? '',
                })}
              </span>
            </p>
          </section>
        )}
        <h2 className={form.section}>{t('funds.receive.confirmTitle')}</h2>
        <p className={form.hint}>{t('funds.receive.confirmHint')}</p>
        <TextField
          label={t('funds.receive.amount')}
          value={amount}
          onChange={edit('amount', setAmount)}
          onBlur={() => void (amount.trim() && chosen && checkAmount(chosen))}
          inputMode="decimal"
          placeholder={t('funds.receive.amountPlaceholder')}
          name="amount"
          hint={chosen && info.data && t('funds.receive.minHint', { min: chosen.min, currency: info.data.currency })}
          error={errorOf('amount')}
          data-testid="deposit-amount"
        />
        <TextField
          label={t('funds.receive.sender')}
          value={sender}
          onChange={edit('account', setSender)}
          placeholder={t('funds.receive.senderPlaceholder')}
          name="sender"
          error={errorOf('account')}
        />
        <span className={styles.label}>{t('funds.receive.voucher')}</span>
        <ImagePicker
          scene="voucher"
          label={t('funds.receive.voucherPick')}
          value={voucher}
          onChange={edit('voucher', setVoucher)}
          testId="voucher"
        />
        {errorOf('voucher') && (
          <p className={form.error} data-testid="voucher-error">
            {errorOf('voucher')}
          </p>
        )}
        {error && <p className={form.error}>{error}</p>}
        <Button type="submit" block busy={busy} disabled={!chosen}>
          {t('funds.receive.submit')}
        </Button>
      </form>
    </Page>
  );
}
