import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { currentLang } from '../../i18n';
import { areaState, selectArea } from '../../state/areaCodes';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { RegionList } from '../../ui/RegionList';

/** The calling-code picker of the phone forms; goes back with the choice. */
export default function AreaPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { choice } = useSnapshot(areaState);
  return (
    <Page title={pageTitle(t, { area: 'common', page: 'area' })}>
      <RegionList
        selected={selectArea(choice, currentLang()).region}
        showCode
        onPick={(region, code) => {
          areaState.choice = { region, code };
          navigate(-1);
        }}
      />
    </Page>
  );
}
