import { HelpContentPage } from '../../ui/HelpContentPage';

/** Operational compliance (`GET /operational_compliance`). */
export default function CompliancePage() {
  return <HelpContentPage path="/operational_compliance" route={{ area: 'setting', page: 'operational_compliance' }} />;
}
