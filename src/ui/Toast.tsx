import { useSnapshot } from 'valtio';
import { uiState } from '../state/ui';
import styles from './Toast.module.css';

/** The toast and the loading indicator, above every page. */
export function Overlays() {
  const { toast, loading } = useSnapshot(uiState);
  return (
    <>
      {toast && (
        <div key={toast.id} className={styles.toast} role="status" aria-live="polite">
          {toast.text}
        </div>
      )}
      {loading > 0 && (
        <div className={styles.loading} role="progressbar" aria-busy="true">
          <span className={styles.spinner} />
        </div>
      )}
    </>
  );
}
