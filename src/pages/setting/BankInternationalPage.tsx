import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { BankCardForm } from './BankCardForm';

/** The international bank card (SWIFT / ABA) withdrawals are paid to. */
export default function BankInternationalPage() {
  const { t } = useTranslation();
  return (
    <Page title={pageTitle(t, { area: 'setting', page: 'bank_international' })}>
      <BankCardForm kind="international" />
    </Page>
  );
}
