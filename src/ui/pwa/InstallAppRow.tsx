import { Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../state/ui';
import { ListItem } from '../ListItem';
import { promptInstall, useInstallMode } from './pwaState';
import { pagePath } from '../../paths';

/** The built-in download page, which explains installing on each platform. */
export const DOWNLOAD_GUIDE_PATH = pagePath('common', 'webView', { page: 'download' });

/**
 * The settings row "Install app": the browser's install dialog where it offers one, else the
 * download page's instructions; "Installed" (and no action) once the app runs installed.
 */
export function InstallAppRow() {
  const mode = useInstallMode();
  const { t } = useTranslation();
  const label = t('pwa.install.row');
  if (mode === 'installed') return <ListItem icon={Smartphone} label={label} value={t('pwa.install.installed')} testId="install-row" />;
  if (mode === 'prompt') {
    const install = async () => {
      if ((await promptInstall()) === 'accepted') showToast(t('pwa.install.accepted'));
    };
    return <ListItem icon={Smartphone} label={label} onClick={() => void install()} testId="install-row" />;
  }
  return <ListItem icon={Smartphone} label={label} to={DOWNLOAD_GUIDE_PATH} testId="install-row" />;
}
