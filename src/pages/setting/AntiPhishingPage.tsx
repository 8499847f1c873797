import { useQuery } from '@tanstack/react-query';
import { Fingerprint, Mail } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { securityEndpoints } from '../../../domain/security/contract';
import { ANTI_PHISHING_MAX } from '../../../domain/security/twoFactor';
import { apiQuery, useInvalidate } from '../../api/queries';
import { call } from '../../api/request';
import { showToast } from '../../state/ui';
import { Button } from '../../ui/Button';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { TextField } from '../../ui/TextField';
import { useForm } from '../../ui/useForm';
import form from '../../ui/Form.module.css';
import styles from './AntiPhishingPage.module.css';

/**
 * The anti-phishing code: what it is for, how a real message shows it, and the field to set,
 * change or remove it (docs/SECURITY.md).
 */
export default function AntiPhishingPage() {
  const { t } = useTranslation();
  const overview = useQuery(apiQuery('/safe/overview'));
  const invalidate = useInvalidate();
  const saved = overview.data?.anti_phishing_code ?? null;
  const [code, setCode] = useState('');
  const { error, errorOf, edit, busy, check, run } = useForm(['code']);
  useEffect(() => {
    if (saved) setCode(saved);
  }, [saved]);

  const save = async (value: string) => {
    if (!check(securityEndpoints['/safe/anti_phishing'].input, { code: value })) return;
    const done = await run(() => call('/safe/anti_phishing', { code: value }));
    if (done === undefined) return;
    showToast(done);
    if (!value) setCode('');
    await invalidate('security');
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save(code.trim());
  };

  const shown = code.trim() || saved || 'K3STREL';
  return (
    <Page title={pageTitle(t, { area: 'setting', page: 'antiPhishing' })}>
      <div className={styles.hero}>
        <span className={styles.heroIcon}>
          <Fingerprint size={28} />
        </span>
        <p>{t('security.antiPhishingIntro')}</p>
      </div>
      <div className={styles.sample}>
        <span className={styles.sampleLabel}>{t('security.antiPhishingExample')}</span>
        <div className={styles.mail}>
          <Mail size={18} className={styles.mailIcon} />
          <div>
            <p>{t('security.antiPhishingSample')}</p>
            <p className={styles.line} data-testid="anti-phishing-preview">
              {t('security.antiPhishingLine', { code: shown })}
            </p>
          </div>
        </div>
      </div>
      <form className={form.form} onSubmit={submit} noValidate>
        <TextField
          label={t('security.antiPhishing')}
          value={code}
          onChange={edit('code', setCode)}
          placeholder={t('security.antiPhishingPlaceholder')}
          maxLength={ANTI_PHISHING_MAX}
          autoComplete="off"
          name="anti_phishing_code"
          error={errorOf('code')}
        />
        {error && <p className={form.error}>{error}</p>}
        <Button type="submit" block busy={busy} disabled={!code.trim() || code.trim() === saved}>
          {t('security.save')}
        </Button>
        {saved && (
          <Button type="button" variant="secondary" block onClick={() => void save('')} data-testid="anti-phishing-remove">
            {t('security.remove')}
          </Button>
        )}
      </form>
    </Page>
  );
}
