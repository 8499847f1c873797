import { ArrowDownUp, ArrowRightLeft, BookText, Info, ReceiptText, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ListGroup, ListItem } from '../../ui/ListItem';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import styles from './BillPage.module.css';
import { pagePath, type PageOf } from '../../paths';

/** The funds bills this page leads to, each a page of the `fund` area. */
const BILLS: { page: PageOf<'fund'>; icon: LucideIcon }[] = [
  { page: 'assets_all_record', icon: ReceiptText },
  { page: 'receive_withdraw_record', icon: ArrowDownUp },
  { page: 'transfer_history', icon: ArrowRightLeft },
  { page: 'assets_record', icon: BookText },
];

/** Bills: links to every record of the user's funds. */
export default function BillPage() {
  const { t } = useTranslation();
  return (
    <Page title={pageTitle(t, { area: 'setting', page: 'bill' })}>
      <ListGroup>
        {BILLS.map(({ page, icon }) => (
          <ListItem
            key={page}
            icon={icon}
            label={pageTitle(t, { area: 'fund', page })}
            to={pagePath('fund', page)}
            testId={`bill-${page}`}
          />
        ))}
      </ListGroup>
      <p className={styles.hint}>
        <Info size={14} className={styles.hintIcon} />
        <span>{t('help.billHint')}</span>
      </p>
    </Page>
  );
}
