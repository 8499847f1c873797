import { AgreementPage } from './AgreementPage';
import { AGREEMENT_ZH } from './agreementText';

export default function AgreementZhPage() {
  return <AgreementPage text={AGREEMENT_ZH} lang="zh" />;
}
