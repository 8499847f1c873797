import { useTranslation } from 'react-i18next';
import type { IdentityView } from '../../../domain/identity';

/** "Not certified", "Certified basic", or "Basic verification under audit": the same words on every page. */
export function useIdentityText(): (view: IdentityView) => string {
  const { t } = useTranslation();
  return (view) =>
    view.pending ? t('identity.underAudit', { level: t(`identity.levelName${view.pending}`) }) : t(`settings.identity.level${view.level}`);
}
