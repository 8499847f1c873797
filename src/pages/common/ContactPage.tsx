import { HelpContentPage } from '../../ui/HelpContentPage';

/** Contact us (`GET /contactus`). */
export default function ContactPage() {
  return <HelpContentPage path="/contactus" route={{ area: 'common', page: 'contactus' }} />;
}
