import { Copy, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { targetsEndpoints } from '../../../domain/targets/contract';
import type { WalletAddress } from '../../../domain/targets/types';
import { useInvalidate, usePages } from '../../api/queries';
import { call } from '../../api/request';
import { showToast } from '../../state/ui';
import { Button } from '../../ui/Button';
import { Empty } from '../../ui/Empty';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { Sheet } from '../../ui/Sheet';
import { Skeleton, SkeletonGroup } from '../../ui/Skeleton';
import { firstIssueKey } from '../../ui/validation';
import { CoinBadge, useCoinColors } from '../../ui/CoinBadge';
import { PayPasswordField, usePayPasswordMissing } from '../../ui/PayPasswordField';
import styles from './WalletPage.module.css';
import { pagePath } from '../../paths';

const PAGE_SIZE = 10;
const ADD_WALLET_PATH = pagePath('setting', 'addWallet');
/** Placeholder cards while the first page of addresses loads. */
const LOADING_CARDS = [0, 1];

/** Saved withdrawal addresses, a page at a time; each can be deleted with the payment password. */
export default function WalletPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { items, total, loadedPage: loaded, hasMore, status, loadMore } = usePages('/user/wallet/list', {}, PAGE_SIZE);
  const invalidate = useInvalidate();
  const [removing, setRemoving] = useState<WalletAddress | null>(null);
  const [viewing, setViewing] = useState<WalletAddress | null>(null);
  const coins = useCoinColors();

  const copy = (address: string) => {
    void navigator.clipboard?.writeText(address).then(
      () => showToast(t('targets.copied')),
      () => undefined,
    );
  };

  const add = () => navigate(ADD_WALLET_PATH);
  const firstLoad = loaded === 0;

  return (
    <Page title={pageTitle(t, { area: 'setting', page: 'wallet' })}>
      <div className={styles.wrap}>
        {firstLoad && status === 'loading' && (
          <SkeletonGroup className={styles.section} testId="wallet-loading">
            <ul className={styles.list}>
              {LOADING_CARDS.map((i) => (
                <li key={i} className={styles.card}>
                  <div className={styles.head}>
                    <Skeleton round width={36} />
                    <span className={styles.titles}>
                      <Skeleton width={56} height={16} />
                      <Skeleton width={96} height={13} />
                    </span>
                  </div>
                  <div className={styles.addressBox}>
                    <Skeleton width={90} height={11} />
                    <Skeleton height={15} />
                  </div>
                </li>
              ))}
            </ul>
          </SkeletonGroup>
        )}
        {firstLoad && status === 'error' && (
          <Empty text={t('common.loadFailed')} action={{ label: t('common.retry'), onClick: loadMore }} />
        )}
        {loaded > 0 && items.length === 0 && (
          <div className={styles.empty} data-testid="wallet-empty">
            <Empty text={t('targets.noAddresses')} />
          </div>
        )}
        {items.length > 0 && (
          <section className={styles.section}>
            <header className={styles.sectionHead}>
              <h2 className={styles.sectionTitle}>{t('targets.savedAddresses')}</h2>
              <span className={`${styles.count} num`}>{total}</span>
            </header>
            <ul className={styles.list} data-testid="wallet-list">
              {items.map((a) => (
                <li key={a.id} className={styles.card} data-testid="wallet-item">
                  <div className={styles.head}>
                    <CoinBadge name={a.currency} color={coins.get(a.currency)} />
                    <div className={styles.titles}>
                      <b className={styles.currency}>{a.currency}</b>
                      {a.network && a.network !== a.currency && (
                        <span className={styles.network} data-testid="address-network">
                          <span className="sr-only">{t('targets.network')}</span>
                          {a.network}
                        </span>
                      )}
                      <span className={styles.name}>{a.name}</span>
                    </div>
                    <button
                      type="button"
                      className={styles.delete}
                      onClick={() => setRemoving(a)}
                      aria-label={t('targets.deleteAddress')}
                      data-testid="wallet-delete"
                    >
                      <Trash2 size={18} />
                    </button>
                  </div>
                  <div className={styles.body}>
                    <div className={styles.addressBox}>
                      <span className={styles.label}>{t('targets.address')}</span>
                      <p className={styles.address}>{a.address}</p>
                      <button type="button" className={styles.copy} onClick={() => copy(a.address)}>
                        <Copy size={14} />
                        {t('targets.copyAddress')}
                      </button>
                    </div>
                    {a.qrcode && (
                      <button type="button" className={styles.qr} onClick={() => setViewing(a)} aria-label={t('targets.viewQrcode')}>
                        <img src={a.qrcode} alt="" loading="lazy" />
                      </button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
            {hasMore ? (
              <Button variant="secondary" block busy={status === 'loading'} onClick={loadMore} data-testid="wallet-more">
                {t('targets.loadMore')}
              </Button>
            ) : (
              loaded > 1 && <p className={styles.end}>{t('common.noMoreData')}</p>
            )}
          </section>
        )}
        <div className={styles.footer}>
          <Button block onClick={add} data-testid="wallet-add">
            <Plus size={18} />
            {t('targets.addAddress')}
          </Button>
        </div>
      </div>
      {removing && (
        <DeleteSheet
          key={removing.id}
          target={removing}
          color={coins.get(removing.currency)}
          onClose={() => setRemoving(null)}
          onDeleted={() => {
            setRemoving(null);
            void invalidate('addresses');
          }}
        />
      )}
      <Sheet open={viewing !== null} title={viewing ? `${viewing.currency} · ${viewing.name}` : ''} onClose={() => setViewing(null)}>
        {viewing?.qrcode && (
          <div className={styles.qrView}>
            <img src={viewing.qrcode} alt={t('targets.qrcode')} />
            <p className={styles.address}>{viewing.address}</p>
          </div>
        )}
      </Sheet>
    </Page>
  );
}

function DeleteSheet({
  target,
  color,
  onClose,
  onDeleted,
}: {
  target: WalletAddress;
  color?: string;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { missing, noteError } = usePayPasswordMissing();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input = { id: String(target.id), pay_password: pin };
    const issue = firstIssueKey(targetsEndpoints['/user/wallet/delete'].input, input);
    setError(issue ? t(issue) : null);
    if (issue) return;
    setBusy(true);
    try {
      showToast(await call('/user/wallet/delete', input));
      onDeleted();
    } catch (err) {
      noteError(err);
      setPin('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Sheet open title={t('targets.deleteAddress')} onClose={onClose}>
      <form className={styles.sheet} onSubmit={submit} noValidate data-testid="wallet-delete-sheet">
        <div className={styles.summary}>
          <CoinBadge name={target.currency} color={color} size={32} />
          <div className={styles.titles}>
            <b className={styles.currency}>
              {target.currency}
              <span className={styles.name}> · {target.name}</span>
            </b>
            <span className={styles.summaryAddress}>{target.address}</span>
          </div>
        </div>
        <p className={styles.warn}>{t('targets.deleteHint')}</p>
        <PayPasswordField value={pin} onChange={setPin} error={error} missing={missing} autoFocus />
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="secondary" className={styles.danger} busy={busy} data-testid="wallet-delete-confirm">
            {t('targets.delete')}
          </Button>
        </div>
      </form>
    </Sheet>
  );
}
