import { useQuery } from '@tanstack/react-query';
import { Check, ChevronDown, ClipboardPaste, ShieldAlert } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { InputOf } from '../../../domain/api/contract';
import { targetsEndpoints } from '../../../domain/targets/contract';
import { apiQuery, useInvalidate } from '../../api/queries';
import { call } from '../../api/request';
import { showToast } from '../../state/ui';
import { Button } from '../../ui/Button';
import form from '../../ui/Form.module.css';
import { ImagePicker } from '../../ui/ImagePicker';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { Sheet } from '../../ui/Sheet';
import { TextField } from '../../ui/TextField';
import { CoinBadge } from '../../ui/CoinBadge';
import { firstIssue, revealField, type Issue } from '../../ui/validation';
import { PayPasswordField, usePayPasswordMissing } from '../../ui/PayPasswordField';
import styles from './AddWalletPage.module.css';
import { pagePath } from '../../paths';

const WALLET_PATH = pagePath('setting', 'wallet');
const DEFAULT_COIN = 'USDT';

type Field = keyof InputOf<'/user/wallet/save'>;

/** Saves a withdrawal address: coin, a name, the address, its QR code if any; confirmed with the payment password. */
export default function AddWalletPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useQuery(apiQuery('/currency/list'));
  const invalidate = useInvalidate();
  // Coins can be sent to an address; of the quote currencies only USDT is a token.
  const coins = useMemo(() => {
    const list = (data?.currencies ?? []).filter((c) => !c.is_legal || c.name === DEFAULT_COIN);
    return [...list.filter((c) => c.name === DEFAULT_COIN), ...list.filter((c) => c.name !== DEFAULT_COIN)];
  }, [data]);
  // Opened from a coin's withdraw page, the coin is that one (`?currency=BTC`).
  const [params] = useSearchParams();
  const [currency, setCurrency] = useState(() => params.get('currency')?.toUpperCase() || DEFAULT_COIN);
  const [name, setName] = useState('');
  const [address, setAddress] = useState('');
  const [qrcode, setQrcode] = useState<string | null>(null);
  const [pin, setPin] = useState('');
  const [picking, setPicking] = useState(false);
  const [issue, setIssue] = useState<Issue | null>(null);
  const [busy, setBusy] = useState(false);
  const { missing, noteError } = usePayPasswordMissing();

  const color = (coin: string) => {
    const hex = coins.find((c) => c.name === coin)?.color;
    return hex ? `#${hex}` : undefined;
  };
  const errorOf = (field: Field | null) => (issue && issue.field === field ? t(issue.key) : null);

  const paste = async () => {
    try {
      const text = (await navigator.clipboard.readText()).trim();
      if (text) setAddress(text);
    } catch {
      // No clipboard access: the field stays as typed.
    }
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const input: InputOf<'/user/wallet/save'> = { currency, name, address, qrcode: qrcode ?? undefined, pay_password: pin };
    const found = firstIssue(targetsEndpoints['/user/wallet/save'].input, input);
    setIssue(found);
    if (found) return revealField(e.currentTarget, found.field);
    setBusy(true);
    try {
      showToast(await call('/user/wallet/save', input));
      void invalidate('addresses');
      if (window.history.length > 1) navigate(-1);
      else navigate(WALLET_PATH, { replace: true });
    } catch (err) {
      noteError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title={pageTitle(t, { area: 'setting', page: 'addWallet' })}>
      <form className={form.form} onSubmit={submit} noValidate data-testid="wallet-form">
        <div className={styles.notice}>
          <ShieldAlert size={18} className={styles.noticeIcon} />
          <p>{t('targets.walletNotice')}</p>
        </div>

        <div className={styles.field}>
          <span className={styles.label}>{t('targets.currency')}</span>
          <button
            type="button"
            className={`${styles.select} ${errorOf('currency') ? styles.invalid : ''}`}
            onClick={() => setPicking(true)}
            name="currency"
            aria-haspopup="dialog"
            data-testid="wallet-currency"
          >
            <CoinBadge name={currency} color={color(currency)} size={28} />
            <span className={styles.selected}>{currency}</span>
            <ChevronDown size={18} className={styles.chevron} />
          </button>
          {errorOf('currency') && <p className={styles.error}>{errorOf('currency')}</p>}
        </div>

        <TextField
          label={t('targets.addressName')}
          value={name}
          onChange={setName}
          placeholder={t('targets.addressNamePlaceholder')}
          maxLength={30}
          name="name"
          error={errorOf('name')}
        />
        <TextField
          label={t('targets.address')}
          value={address}
          onChange={(v) => setAddress(v.trim())}
          placeholder={t('targets.addressPlaceholder')}
          maxLength={128}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          name="address"
          className={styles.mono}
          error={errorOf('address')}
          suffix={
            <button type="button" className={styles.paste} onClick={() => void paste()}>
              <ClipboardPaste size={15} />
              {t('targets.paste')}
            </button>
          }
        />

        <div className={styles.field}>
          <span className={styles.label}>{t('targets.qrcodeOptional')}</span>
          <div className={styles.qrRow}>
            <ImagePicker
              scene="qrcode"
              shape="square"
              label={t('targets.uploadQrcode')}
              value={qrcode}
              onChange={setQrcode}
              testId="wallet-qrcode"
            />
            <p className={form.hint}>{t('targets.qrcodeHint')}</p>
          </div>
          {errorOf('qrcode') && <p className={styles.error}>{errorOf('qrcode')}</p>}
        </div>

        <PayPasswordField value={pin} onChange={setPin} error={errorOf('pay_password')} missing={missing} />

        {issue && issue.field === null && <p className={styles.error}>{t(issue.key)}</p>}
        <Button type="submit" block busy={busy} className={styles.submit} data-testid="wallet-submit">
          {t('targets.saveAddress')}
        </Button>
      </form>

      <Sheet open={picking} title={t('targets.chooseCurrency')} onClose={() => setPicking(false)}>
        <ul className={styles.coins} data-testid="wallet-currency-list">
          {coins.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                className={styles.coin}
                aria-current={c.name === currency || undefined}
                onClick={() => {
                  setCurrency(c.name);
                  setPicking(false);
                  if (issue?.field === 'currency') setIssue(null);
                }}
              >
                <CoinBadge name={c.name} color={c.color ? `#${c.color}` : undefined} size={30} />
                <span className={styles.coinName}>{c.name}</span>
                {c.name === currency && <Check size={18} className={styles.check} />}
              </button>
            </li>
          ))}
        </ul>
      </Sheet>
    </Page>
  );
}
