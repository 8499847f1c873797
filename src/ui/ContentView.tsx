import type { ContentPage } from '../../domain/content/types';
import styles from './ContentView.module.css';

/** A help page's body: paragraphs separated by blank lines. */
export function ContentView({ page }: { page: Pick<ContentPage, 'title' | 'body'> }) {
  return (
    <article className={styles.article}>
      <h2 className={styles.title}>{page.title}</h2>
      {page.body.split(/\n\s*\n/).map((p, i) => (
        <p key={i} className={styles.paragraph}>
          {p}
        </p>
      ))}
    </article>
  );
}
