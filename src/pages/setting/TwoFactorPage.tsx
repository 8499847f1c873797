import { useQuery } from '@tanstack/react-query';
import { Copy, Download, KeyRound, Lock, ShieldCheck, ShieldOff } from 'lucide-react';
import QRCode from 'qrcode';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { securityEndpoints } from '../../../domain/security/contract';
import type { TwoFactorSetup } from '../../../domain/security/types';
import { apiQuery, useInvalidate } from '../../api/queries';
import { call } from '../../api/request';
import { showToast } from '../../state/ui';
import { Button } from '../../ui/Button';
import { Page } from '../../ui/Page';
import { PayPasswordField } from '../../ui/PayPasswordField';
import { Skeleton } from '../../ui/Skeleton';
import { pageTitle } from '../../ui/pageTitle';
import { TextField } from '../../ui/TextField';
import { useForm } from '../../ui/useForm';
import form from '../../ui/Form.module.css';
import styles from './TwoFactorPage.module.css';

/** Copies `text`, saying so; where the clipboard is not allowed, shows the text to copy by hand. */
async function copyText(text: string, done: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    showToast(done);
  } catch {
    showToast(text);
  }
}

/** Six boxes for a current authenticator code. */
function TotpInput({ value, onChange, error }: { value: string; onChange: (v: string) => void; error: string | null }) {
  const { t } = useTranslation();
  return (
    <PayPasswordField
      value={value}
      onChange={onChange}
      error={error}
      name="totp_code"
      reveal
      label={t('security.authenticatorCode')}
      placeholder={t('security.authenticatorCode')}
    />
  );
}

/** Fresh recovery codes, shown once: copy all, download as a text file, then done. */
function RecoveryCodesView({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const text = `${t('security.recoveryFileTitle')}\n\n${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'kestrel-recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className={styles.section} data-testid="recovery-codes">
      <div className={styles.headline}>
        <span className={`${styles.badge} ${styles.badgeOn}`}>
          <KeyRound size={26} />
        </span>
        <h2>{t('security.recoveryTitle')}</h2>
        <p>{t('security.recoveryHint')}</p>
      </div>
      <ol className={styles.codes}>
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
      <div className={styles.pair}>
        <Button variant="secondary" onClick={() => void copyText(codes.join('\n'), t('security.copied'))}>
          <Copy size={16} /> {t('security.copyAll')}
        </Button>
        <Button variant="secondary" onClick={download}>
          <Download size={16} /> {t('security.download')}
        </Button>
      </div>
      <Button block onClick={onDone} data-testid="recovery-done">
        {t('security.savedThem')}
      </Button>
    </div>
  );
}

/** Setup: the QR code and key of a new secret, then a current code turns two-factor on. */
function SetupView({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [qr, setQr] = useState('');
  const [code, setCode] = useState('');
  const { error, errorOf, edit, busy, check, run } = useForm(['code']);

  const start = async () => {
    const answer = await run(() => call('/safe/two_factor/setup'));
    if (answer) setSetup(answer);
  };
  useEffect(() => {
    if (!setup) return;
    void QRCode.toDataURL(setup.uri, { margin: 1, width: 440, color: { dark: '#0b0e14', light: '#ffffff' } }).then(setQr);
  }, [setup]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!check(securityEndpoints['/safe/two_factor/enable'].input, { code })) return;
    const answer = await run(() => call('/safe/two_factor/enable', { code }));
    if (answer) onEnabled(answer.recovery_codes);
  };

  if (!setup) {
    return (
      <div className={styles.section}>
        <div className={styles.headline}>
          <span className={styles.badge}>
            <ShieldCheck size={26} />
          </span>
          <h2>{t('security.twoFactor')}</h2>
          <p>{t('security.twoFactorIntro')}</p>
        </div>
        {error && <p className={form.error}>{error}</p>}
        <Button block busy={busy} onClick={() => void start()} data-testid="two-factor-start">
          {t('security.setupStart')}
        </Button>
      </div>
    );
  }
  // The key in groups of four, as authenticator apps show it; copied without spaces.
  const grouped = setup.secret.replace(/(.{4})(?=.)/g, '$1 ');
  return (
    <form className={styles.section} onSubmit={submit} noValidate>
      <p className={styles.step}>{t('security.scanStep')}</p>
      <div className={styles.qr}>{qr ? <img src={qr} alt="" data-testid="two-factor-qr" /> : <Skeleton width={200} height={200} />}</div>
      <p className={styles.step}>{t('security.keyStep')}</p>
      <button type="button" className={styles.secret} onClick={() => void copyText(setup.secret, t('security.copied'))}>
        <code data-testid="two-factor-secret" data-secret={setup.secret}>
          {grouped}
        </code>
        <Copy size={16} />
      </button>
      <p className={styles.warn}>{t('security.secretOnce')}</p>
      <p className={styles.step}>{t('security.codeStep')}</p>
      <TotpInput value={code} onChange={edit('code', setCode)} error={errorOf('code')} />
      {error && <p className={form.error}>{error}</p>}
      <Button type="submit" block busy={busy} disabled={code.length < 6}>
        {t('security.enable')}
      </Button>
    </form>
  );
}

/** On: the status, new recovery codes (with a code), and turning it off (password and a code). */
function EnabledView({ left, onCodes, onDisabled }: { left: number; onCodes: (codes: string[]) => void; onDisabled: () => void }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'regenerate' | 'disable' | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const { error, errorOf, edit, busy, check, run } = useForm(['code', 'password']);

  const choose = (next: typeof mode) => {
    setMode(next);
    setCode('');
    setPassword('');
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (mode === 'regenerate') {
      if (!check(securityEndpoints['/safe/two_factor/recovery_codes'].input, { code })) return;
      const answer = await run(() => call('/safe/two_factor/recovery_codes', { code }));
      if (answer) onCodes(answer.recovery_codes);
    } else {
      const input = { code, password };
      if (!check(securityEndpoints['/safe/two_factor/disable'].input, input)) return;
      const done = await run(() => call('/safe/two_factor/disable', input));
      if (done === undefined) return;
      showToast(done);
      onDisabled();
    }
  };

  return (
    <div className={styles.section}>
      <div className={styles.headline}>
        <span className={`${styles.badge} ${styles.badgeOn}`}>
          <ShieldCheck size={26} />
        </span>
        <h2 data-testid="two-factor-status">{t('security.statusOn')}</h2>
        <p>{t('security.statusOnHint')}</p>
      </div>
      <div className={styles.stat}>
        <span>{t('security.recoveryLeft')}</span>
        <b className={left <= 3 ? styles.low : undefined}>{left}</b>
      </div>
      {mode === null ? (
        <div className={styles.stack}>
          <Button variant="secondary" onClick={() => choose('regenerate')}>
            <KeyRound size={16} /> {t('security.regenerate')}
          </Button>
          <Button variant="secondary" onClick={() => choose('disable')} data-testid="two-factor-disable">
            <ShieldOff size={16} /> {t('security.disable')}
          </Button>
        </div>
      ) : (
        <form className={form.form} onSubmit={submit} noValidate>
          <p className={form.hint}>{t(mode === 'regenerate' ? 'security.regenerateHint' : 'security.disableHint')}</p>
          {mode === 'disable' && (
            <TextField
              value={password}
              onChange={edit('password', setPassword)}
              placeholder={t('security.loginPassword')}
              autoComplete="current-password"
              name="password"
              secret
              prefix={<Lock size={18} />}
              error={errorOf('password')}
            />
          )}
          <TextField
            value={code}
            onChange={edit('code', setCode)}
            placeholder={t('security.codeOrRecovery')}
            autoComplete="one-time-code"
            name="code"
            prefix={<ShieldCheck size={18} />}
            error={errorOf('code')}
          />
          {error && <p className={form.error}>{error}</p>}
          <div className={styles.pair}>
            <Button type="button" variant="secondary" onClick={() => choose(null)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" busy={busy} className={mode === 'disable' ? styles.danger : undefined}>
              {t(mode === 'regenerate' ? 'security.regenerate' : 'security.disable')}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}

/** Two-factor authentication: set up (QR, key, code), the recovery codes once, or its settings when on (docs/SECURITY.md). */
export default function TwoFactorPage() {
  const { t } = useTranslation();
  const overview = useQuery(apiQuery('/safe/overview'));
  const invalidate = useInvalidate();
  // Shown once, after enabling or regenerating, until the user says they are saved.
  const [codes, setCodes] = useState<string[] | null>(null);
  const refresh = () => void invalidate('security');

  let body;
  if (codes) {
    body = (
      <RecoveryCodesView
        codes={codes}
        onDone={() => {
          setCodes(null);
          refresh();
        }}
      />
    );
  } else if (!overview.data) {
    body = (
      <div className={styles.section} aria-busy="true">
        <Skeleton width="100%" height={160} />
      </div>
    );
  } else if (overview.data.two_factor) {
    body = <EnabledView left={overview.data.recovery_codes_left} onCodes={setCodes} onDisabled={refresh} />;
  } else {
    body = <SetupView onEnabled={setCodes} />;
  }
  return <Page title={pageTitle(t, { area: 'setting', page: 'twoFactor' })}>{body}</Page>;
}
