import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { kycDraft } from '../../state/kyc';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { RegionList } from '../../ui/RegionList';

/** The country or region of the identity document; goes back to the verification form. */
export default function AreasPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { country } = useSnapshot(kycDraft);
  return (
    <Page title={pageTitle(t, { area: 'setting', page: 'areas' })}>
      <RegionList
        selected={country}
        showCode={false}
        onPick={(region) => {
          kycDraft.country = region;
          navigate(-1);
        }}
      />
    </Page>
  );
}
