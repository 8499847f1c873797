import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { profileEndpoints } from '../../../domain/profile/contract';
import { call } from '../../api/request';
import { refreshUser } from '../../state/account';
import { showToast } from '../../state/ui';
import { Button } from '../../ui/Button';
import { Sheet } from '../../ui/Sheet';
import { TextField } from '../../ui/TextField';
import { useForm } from '../../ui/useForm';
import styles from '../../ui/Form.module.css';

type Field = { path: '/user/editNickname'; name: 'nickname' } | { path: '/user/editSignature'; name: 'signature' };

/** Edits one profile text (nickname or signature) with the server's own rules. */
export function EditFieldSheet({
  field,
  title,
  hint,
  initial,
  onClose,
}: {
  field: Field | null;
  title: string;
  hint: string;
  initial: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const { error, setError, busy, check, run } = useForm();
  useEffect(() => {
    setValue(initial);
    setError(null);
  }, [initial, field, setError]);
  if (!field) return null;

  const save = async () => {
    const path = field.path;
    const done =
      path === '/user/editNickname'
        ? check(profileEndpoints[path].input, { nickname: value })
          ? await run(() => call(path, { nickname: value }))
          : undefined
        : check(profileEndpoints[path].input, { signature: value })
          ? await run(() => call(path, { signature: value }))
          : undefined;
    if (done === undefined) return;
    showToast(done);
    await refreshUser();
    onClose();
  };

  return (
    <Sheet open title={title} onClose={onClose}>
      <div className={styles.form}>
        <TextField value={value} onChange={setValue} autoFocus name={field.name} error={error} />
        <p className={styles.hint}>{hint}</p>
        <Button block busy={busy} onClick={() => void save()}>
          {t('common.save')}
        </Button>
      </div>
    </Sheet>
  );
}
