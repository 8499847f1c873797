import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { call } from '../../api/request';
import { refreshUser } from '../../state/account';
import { sessionState } from '../../state/session';
import { showToast } from '../../state/ui';
import { ImagePicker } from '../../ui/ImagePicker';
import { ListGroup, ListItem } from '../../ui/ListItem';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { EditFieldSheet } from './EditFieldSheet';
import styles from './UserInfoPage.module.css';
import { pagePath } from '../../paths';

/** Avatar, nickname, signature and the bound contacts. */
export default function UserInfoPage() {
  const { t } = useTranslation();
  const { user } = useSnapshot(sessionState);
  const [editing, setEditing] = useState<'nickname' | 'signature' | null>(null);

  const setAvatar = async (url: string | null) => {
    if (!url) return;
    try {
      await call('/user/uploadHeadPortrait', { head_portrait: url });
      showToast(t('profile.avatarSaved'));
      await refreshUser();
    } catch {
      // Shown by the API client.
    }
  };

  return (
    <Page title={pageTitle(t, { area: 'setting', page: 'userInfo' })}>
      <div className={styles.avatarRow}>
        <ImagePicker
          scene="avatar"
          shape="round"
          label={t('profile.avatar')}
          value={user?.avatar ?? null}
          onChange={(url) => void setAvatar(url)}
          testId="avatar-picker"
        />
        <span className={styles.avatarHint}>{t('profile.avatarHint')}</span>
      </div>
      <ListGroup>
        <ListItem label={t('profile.nickname')} value={user?.nickname} onClick={() => setEditing('nickname')} testId="edit-nickname" />
        <ListItem
          label={t('profile.signature')}
          value={user?.signature || t('profile.signatureEmpty')}
          onClick={() => setEditing('signature')}
          testId="edit-signature"
        />
      </ListGroup>
      <ListGroup>
        <ListItem label={t('auth.email')} value={user?.email ?? t('security.notBound')} to={pagePath('setting', 'bindEmail')} />
        <ListItem
          label={t('auth.mobile')}
          value={user?.mobile ? `+${user.area_code} ${user.mobile}` : t('security.notBound')}
          to={pagePath('setting', 'bindMobile')}
        />
        <ListItem label={t('settings.inviteCode')} value={user?.invite_code} />
      </ListGroup>
      <EditFieldSheet
        field={
          editing === 'nickname'
            ? { path: '/user/editNickname', name: 'nickname' }
            : editing === 'signature'
              ? { path: '/user/editSignature', name: 'signature' }
              : null
        }
        title={t(editing === 'signature' ? 'profile.signature' : 'profile.nickname')}
        hint={t(editing === 'signature' ? 'profile.signatureRule' : 'profile.nicknameRule')}
        initial={(editing === 'signature' ? user?.signature : user?.nickname) ?? ''}
        onClose={() => setEditing(null)}
      />
    </Page>
  );
}
