import { HelpContentPage } from '../../ui/HelpContentPage';

/** About us (`GET /aboutus`). */
export default function AboutPage() {
  return <HelpContentPage path="/aboutus" route={{ area: 'common', page: 'aboutus' }} />;
}
