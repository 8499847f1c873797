import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, Clock3, IdCard, Mail, ShieldAlert, Smartphone } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { identityEndpoints } from '../../../domain/identity/contract';
import { ID_TYPES } from '../../../domain/api/fields';
import { LANG_TAGS } from '../../../domain/i18n';
import { apiQuery, useInvalidate } from '../../api/queries';
import { call } from '../../api/request';
import { currentLang } from '../../i18n';
import { kycDraft } from '../../state/kyc';
import { showToast } from '../../state/ui';
import { Button } from '../../ui/Button';
import { Empty } from '../../ui/Empty';
import { ImagePicker } from '../../ui/ImagePicker';
import { ListGroup, ListItem } from '../../ui/ListItem';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { Tabs } from '../../ui/Tabs';
import { TextField } from '../../ui/TextField';
import { useForm } from '../../ui/useForm';
import form from '../../ui/Form.module.css';
import { IdentityLimits } from './IdentityLimits';
import styles from './RealPage.module.css';
import { identityView, type IdentityView } from '../../../domain/identity';
import { useIdentityText } from './IdentityLevel';
import { pagePath } from '../../paths';

/**
 * Identity verification: bind contacts first, then basic details, then photos of
 * the document; each level is reviewed by an operator.
 */
export default function RealPage() {
  const { t } = useTranslation();
  const state = useQuery(apiQuery('/real/state'));
  const invalidate = useInvalidate();
  const s = state.data;
  const title = pageTitle(t, { area: 'setting', page: 'real' });
  if (!s) {
    return (
      <Page title={title}>
        {state.isError && (
          <Empty text={t('common.loadFailed')} action={{ label: t('common.retry'), onClick: () => void state.refetch() }} />
        )}
      </Page>
    );
  }

  const pending = s.status === 'pending';
  const submitted = () => void invalidate('identity');
  const rejected = s.status === 'rejected' ? s.reason : null;
  const nextLevel = s.level >= 2 ? null : ((s.level + 1) as 1 | 2);
  return (
    <Page title={title}>
      <div className={form.form}>
        <StatusCard view={identityView(s)} />
        {rejected && (
          <div className={styles.rejected} data-testid="identity-rejected">
            <ShieldAlert size={18} />
            <span>{t('identity.rejected', { reason: rejected })}</span>
          </div>
        )}
        {!pending && nextLevel && (!s.email_bound || !s.mobile_bound) && (
          <ListGroup title={t('identity.bindFirst')}>
            <ListItem
              icon={Mail}
              label={t('security.email')}
              value={t(s.email_bound ? 'identity.bound' : 'security.notBound')}
              to={s.email_bound ? undefined : pagePath('setting', 'bindEmail')}
            />
            <ListItem
              icon={Smartphone}
              label={t('security.phone')}
              value={t(s.mobile_bound ? 'identity.bound' : 'security.notBound')}
              to={s.mobile_bound ? undefined : pagePath('setting', 'bindMobile')}
            />
          </ListGroup>
        )}
        {!pending && nextLevel === 1 && s.email_bound && s.mobile_bound && <BasicForm onDone={submitted} />}
        {!pending && nextLevel === 2 && s.email_bound && s.mobile_bound && <AdvancedForm onDone={submitted} />}
        <h2 className={form.section}>{t('identity.limitsTitle')}</h2>
        <IdentityLimits level={s.level} />
      </div>
    </Page>
  );
}

function StatusCard({ view }: { view: IdentityView }) {
  const { t } = useTranslation();
  const { level, pending } = view;
  const Icon = pending ? Clock3 : level > 0 ? BadgeCheck : IdCard;
  const text = useIdentityText()(view);
  return (
    <div className={`${styles.status} ${pending ? styles.pending : level > 0 ? styles.certified : ''}`} data-testid="identity-status">
      <Icon size={28} />
      <div>
        <b>{text}</b>
        <p>{t(pending ? 'identity.underAuditHint' : level >= 2 ? 'identity.allDone' : 'identity.nextStep')}</p>
      </div>
    </div>
  );
}

function BasicForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const draft = useSnapshot(kycDraft, { sync: true });
  const { error, busy, check, run } = useForm();
  const countryName = draft.country
    ? new Intl.DisplayNames([LANG_TAGS[currentLang()]], { type: 'region' }).of(draft.country)
    : t('identity.chooseCountry');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input = {
      real_type: '1' as const,
      id_type: draft.id_type,
      name: draft.name,
      card_id: draft.card_id,
      country: draft.country ?? '',
    };
    if (!check(identityEndpoints['/user/real'].input, input)) return;
    const done = await run(() => call('/user/real', input));
    if (done === undefined) return;
    showToast(done);
    onDone();
  };

  return (
    <form className={styles.card} onSubmit={submit} noValidate>
      <h2 className={form.section}>{t('identity.basicTitle')}</h2>
      <Tabs
        variant="pill"
        items={ID_TYPES.map((key) => ({ key, label: t(`identity.idTypes.${key}`) }))}
        value={draft.id_type}
        onChange={(v) => (kycDraft.id_type = v)}
      />
      <ListGroup>
        <ListItem label={t('identity.country')} value={countryName} to={pagePath('setting', 'areas')} testId="country-entry" />
      </ListGroup>
      <TextField
        value={draft.name}
        onChange={(v) => (kycDraft.name = v)}
        placeholder={t('identity.namePlaceholder')}
        name="name"
        autoComplete="name"
      />
      <TextField
        value={draft.card_id}
        onChange={(v) => (kycDraft.card_id = v.toUpperCase())}
        placeholder={t('identity.cardIdPlaceholder')}
        name="card_id"
        autoComplete="off"
      />
      {error && <p className={form.error}>{error}</p>}
      <Button type="submit" block busy={busy}>
        {t('identity.submit')}
      </Button>
    </form>
  );
}

function AdvancedForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [front, setFront] = useState<string | null>(null);
  const [back, setBack] = useState<string | null>(null);
  const { error, busy, check, run } = useForm();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input = { real_type: '2' as const, front_pic: front ?? '', reverse_pic: back ?? '' };
    if (!check(identityEndpoints['/user/real'].input, input)) return;
    const done = await run(() => call('/user/real', input));
    if (done === undefined) return;
    showToast(done);
    onDone();
  };

  return (
    <form className={styles.card} onSubmit={submit} noValidate>
      <h2 className={form.section}>{t('identity.advancedTitle')}</h2>
      <p className={form.hint}>{t('identity.photoHint')}</p>
      <ImagePicker scene="identity" label={t('identity.front')} value={front} onChange={setFront} testId="id-front" />
      <ImagePicker scene="identity" label={t('identity.back')} value={back} onChange={setBack} testId="id-back" />
      {error && <p className={form.error}>{error}</p>}
      <Button type="submit" block busy={busy} disabled={!front || !back}>
        {t('identity.submit')}
      </Button>
      <Link to={pagePath('setting', 'operational_compliance')} className={styles.policy}>
        {t('identity.privacy')}
      </Link>
    </form>
  );
}
