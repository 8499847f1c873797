/** The trader agreement as a document: follow/agreement_en and follow/agreement_zh. */
import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/Page';
import type { AgreementText } from './agreementText';
import styles from './CopyTrading.module.css';

export function AgreementPage({ text, lang }: { text: AgreementText; lang: 'en' | 'zh' }) {
  const { t } = useTranslation();
  return (
    <Page title={t('copytrade.agreementName')}>
      <article className={styles.doc} lang={lang} data-testid="trader-agreement">
        <h2>{text.title}</h2>
        <p>{text.intro}</p>
        {text.sections.map((s) => (
          <section key={s.heading}>
            <h3>{s.heading}</h3>
            {s.body.map((para) => (
              <p key={para}>{para}</p>
            ))}
          </section>
        ))}
        <p>{text.updated}</p>
      </article>
    </Page>
  );
}
