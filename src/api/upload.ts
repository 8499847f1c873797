/**
 * `POST /api/upload`: one image as multipart, with `accept-language` and the token.
 * XHR rather than fetch because only XHR reports upload progress.
 */
import i18next from 'i18next';
import { LANG_TAGS } from '../../domain/i18n';
import type { ApiEnvelope } from '../../domain/api/envelope';
import { currentLang } from '../i18n';
import { sessionState } from '../state/session';
import { showToast } from '../state/ui';
import { API_BASE, ApiError, REQUEST_TIMEOUT_MS, settle } from './request';

/** What an upload is for: avatars are public, everything else private to its owner. */
export type UploadScene = 'avatar' | 'identity' | 'voucher' | 'qrcode' | 'image';

/** Uploads `file`; `onProgress` gets 0..1. Resolves with the file's URL. */
export function uploadImage(file: Blob, scene: UploadScene, onProgress?: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/upload`);
    xhr.timeout = REQUEST_TIMEOUT_MS;
    xhr.setRequestHeader('accept-language', LANG_TAGS[currentLang()].toLowerCase());
    if (sessionState.token) xhr.setRequestHeader('Authorization', sessionState.token);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress?.(e.loaded / e.total);
    const networkError = () => {
      const error = new ApiError(i18next.t('common.networkError'), 'network');
      showToast(error.message);
      reject(error);
    };
    xhr.onerror = networkError;
    xhr.ontimeout = networkError;
    xhr.onload = () => {
      try {
        resolve(settle(JSON.parse(xhr.responseText) as ApiEnvelope<string>));
      } catch (error) {
        if (error instanceof ApiError) reject(error);
        else networkError();
      }
    };
    const form = new FormData();
    form.append('scene', scene);
    form.append('file', file, 'image.jpg');
    xhr.send(form);
  });
}
