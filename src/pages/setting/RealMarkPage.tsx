import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { apiQuery } from '../../api/queries';
import { Button } from '../../ui/Button';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import form from '../../ui/Form.module.css';
import { IdentityLimits } from './IdentityLimits';
import styles from './RealMarkPage.module.css';
import { pagePath } from '../../paths';

/** Where a "verification needed" answer (type 998) leads: why, where the user stands, and the way on. */
export default function RealMarkPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useQuery(apiQuery('/real/state'));
  const level = state.data?.level ?? 0;
  const pending = state.data?.status === 'pending';
  return (
    <Page title={pageTitle(t, { area: 'setting', page: 'real_mark' })}>
      <div className={form.form}>
        <div className={styles.hero}>
          <span className={styles.icon}>
            <ShieldCheck size={40} strokeWidth={1.5} />
          </span>
          {/* A basic-verified user sent here needs the advanced level, not "verification" again. */}
          <h2 data-testid="real-mark-title">{t(level > 0 ? 'identity.advancedRequiredTitle' : 'identity.requiredTitle')}</h2>
          <p>{t(level > 0 ? 'identity.advancedRequiredHint' : 'identity.requiredHint')}</p>
        </div>
        <IdentityLimits level={level} />
        <Button block onClick={() => navigate(pagePath('setting', 'real'))} data-testid="verify-now">
          {t(pending ? 'identity.viewStatus' : level > 0 ? 'identity.upgrade' : 'identity.verifyNow')}
        </Button>
      </div>
    </Page>
  );
}
