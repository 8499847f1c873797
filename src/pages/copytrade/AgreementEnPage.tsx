import { AgreementPage } from './AgreementPage';
import { AGREEMENT_EN } from './agreementText';

export default function AgreementEnPage() {
  return <AgreementPage text={AGREEMENT_EN} lang="en" />;
}
