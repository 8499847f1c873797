import { MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../ui/Button';
import { HelpContentPage } from '../../ui/HelpContentPage';
import styles from './ContactPage.module.css';
import { pagePath } from '../../paths';

/** The customer-service conversation (src/pages/support): signed out, its route asks to log in first. */
const SUPPORT_PATH = pagePath('kefu', 'index');

/** Contact us (`GET /contactus`), then the way into the in-app support chat the text points to. */
export default function ContactPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <HelpContentPage
      path="/contactus"
      route={{ area: 'common', page: 'contactus' }}
      footer={
        <div className={styles.footer}>
          <Button block onClick={() => void navigate(SUPPORT_PATH)} data-testid="contact-chat">
            <MessageCircle size={18} aria-hidden /> {t('help.chatWithSupport')}
          </Button>
        </div>
      }
    />
  );
}
