import { ImagePlus, RefreshCw } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
}

/** Picks one image from the album or camera, previews it, shrinks it and uploads it with progress. */
export function ImagePicker({ scene, label, value, onChange, shape = 'card', testId }: ImagePickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setFailed(false);
    setPreview(URL.createObjectURL(file));
    setProgress(0);
    onChange(null);
    try {
      const url = await uploadImage(await downscaleImage(file), scene, setProgress);
      onChange(url);
    } catch {
      setFailed(true);
    } finally {
      setProgress(null);
    }
  };

  const shown = preview ?? value;
  return (
    <label htmlFor={id} className={`${styles.picker} ${styles[shape]} ${failed ? styles.failed : ''}`} data-testid={testId}>
      <input id={id} type="file" accept="image/*" className={styles.input} onChange={(e) => void pick(e.target.files?.[0])} />
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
      {failed && (
        <span className={styles.retry}>
          <RefreshCw size={14} />
          {t('upload.retry')}
        </span>
      )}
      {/* An avatar shows itself: no badge, which a circle would clip (the page confirms the save). */}
      {shown && value && progress === null && shape !== 'round' && <span className={styles.done}>{t('upload.done')}</span>}
    </label>
  );
}
