import { ImagePlus, RefreshCw } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/request';
import { uploadImage, type UploadScene } from '../api/upload';
import { downscaleImage } from './downscaleImage';
import styles from './ImagePicker.module.css';

interface ImagePickerProps {
  scene: UploadScene;
  label: string;
  /** The uploaded file's URL, once there is one. */
  value: string | null;
  onChange: (url: string | null) => void;
  /** `card` for document photos (wide), `square` for QR codes, `round` for avatars. */
  shape?: 'card' | 'square' | 'round';
  testId?: string;
  /** What a screen reader calls the picker when it shows no `label` (a small picker beside a field). */
  name?: string;
}

/**
 * Picks one image from the album or camera, previews it, shrinks it and uploads it with progress.
 * When the server refuses the file it says why, on the picker, until another file is picked
 * ("The file is not a valid image"); a lost connection offers a retry.
 */
export function ImagePicker({ scene, label, value, onChange, shape = 'card', testId, name }: ImagePickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  /** Why the last upload failed: the server's reason, or null for a network failure (retry); undefined when it did not fail. */
  const [failure, setFailure] = useState<string | null | undefined>(undefined);
  const failed = failure !== undefined;

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setFailure(undefined);
    setPreview(URL.createObjectURL(file));
    setProgress(0);
    onChange(null);
    try {
      const url = await uploadImage(await downscaleImage(file), scene, setProgress);
      onChange(url);
    } catch (error) {
      const refused = error instanceof ApiError && (error.type === 'error' || error.type === 'http');
      setFailure(refused ? error.message : null);
      // A refused file is not worth showing as if it were the picture.
      if (refused) setPreview(null);
    } finally {
      setProgress(null);
    }
  };

  const shown = preview ?? value;
  return (
    <label htmlFor={id} className={`${styles.picker} ${styles[shape]} ${failed ? styles.failed : ''}`} data-testid={testId}>
      <input
        id={id}
        type="file"
        accept="image/*"
        className={styles.input}
        aria-label={label ? undefined : name}
        onChange={(e) => void pick(e.target.files?.[0])}
      />
      {shown ? <img src={shown} alt="" className={styles.preview} /> : <ImagePlus size={28} strokeWidth={1.5} />}
      {!shown && <span className={styles.label}>{label}</span>}
      {progress !== null && (
        <span
          className={styles.progress}
          role="progressbar"
          aria-valuenow={Math.round(progress * 100)}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <span style={{ width: `${Math.round(progress * 100)}%` }} />
        </span>
      )}
      {failure === null && (
        <span className={styles.retry}>
          <RefreshCw size={14} />
          {t('upload.retry')}
        </span>
      )}
      {failure && (
        <span className={styles.reason} role="alert" data-testid={testId ? `${testId}-error` : undefined}>
          <span>{failure}</span>
          <span className={styles.again}>{t('upload.chooseAnother')}</span>
        </span>
      )}
      {/* An avatar shows itself: no badge, which a circle would clip (the page confirms the save). */}
      {shown && value && progress === null && shape !== 'round' && <span className={styles.done}>{t('upload.done')}</span>}
    </label>
  );
}
