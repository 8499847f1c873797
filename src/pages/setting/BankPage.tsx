import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { BankCardForm } from './BankCardForm';

/** The domestic bank card withdrawals are paid to. */
export default function BankPage() {
  const { t } = useTranslation();
  return (
    <Page title={pageTitle(t, { area: 'setting', page: 'bank' })}>
      <BankCardForm kind="domestic" />
    </Page>
  );
}
