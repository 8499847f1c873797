import { useQuery } from '@tanstack/react-query';
import { Copy, Info } from 'lucide-react';
import QRCode from 'qrcode';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { contract } from '../../../domain/api/contract';
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
import form from '../../ui/Form.module.css';
import { CoinPickerRow } from './CoinPickerRow';
import styles from './ReceivePage.module.css';
import { formatAmount } from '../../../domain/format';
import { useFormat } from '../../ui/useFormat';

const USDT_ID = '3';

/**
 * Deposit (spec §2 fund/receive): coin and network, the platform address with its QR code,
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
  const { error, busy, check, run } = useForm();

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

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!chosen) return;
    const input = { currency, type: chosen.type, amount: amount.trim(), voucher: voucher ?? '', account: sender || undefined };
    if (!check(contract['/wallet/charge_req'].input, input)) return;
    const done = await run((idempotencyKey) => call('/wallet/charge_req', input, { idempotencyKey }));
    if (done === undefined) return;
    void invalidate('deposits');
    showToast(t('funds.receive.submitted'));
    navigate('/pages/fund/receive_withdraw_record', { replace: true });
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
        <Link to="/pages/fund/receive_withdraw_record" className={styles.records}>
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
        <h3 className={form.section}>{t('funds.receive.confirmTitle')}</h3>
        <p className={form.hint}>{t('funds.receive.confirmHint')}</p>
        <TextField
          label={t('funds.receive.amount')}
          value={amount}
          onChange={setAmount}
          inputMode="decimal"
          placeholder={t('funds.receive.amountPlaceholder')}
          name="amount"
        />
        <TextField
          label={t('funds.receive.sender')}
          value={sender}
          onChange={setSender}
          placeholder={t('funds.receive.senderPlaceholder')}
          name="sender"
        />
        <span className={styles.label}>{t('funds.receive.voucher')}</span>
        <ImagePicker scene="voucher" label={t('funds.receive.voucherPick')} value={voucher} onChange={setVoucher} testId="voucher" />
        {error && <p className={form.error}>{error}</p>}
        <Button type="submit" block busy={busy} disabled={!chosen}>
          {t('funds.receive.submit')}
        </Button>
      </form>
    </Page>
  );
}
