/**
 * My NFTs (`nft/myNft`): tabs Owned (getMyNFTs: held, reselling or in an
 * auction), Blind boxes (the caller's boxes: Open while unopened, the result once opened) and
 * Collected (liked); `?tab=`.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { NftBoxOrder } from '../../../domain/nft/types';
import { usePages } from '../../api/queries';
import { Page } from '../../ui/Page';
import { PagedView } from '../../ui/PagedView';
import { pageTitle } from '../../ui/pageTitle';
import { Tabs } from '../../ui/Tabs';
import { MyBox, RevealSheet } from './boxes';
import { ArtworkGrid } from './parts';
import styles from './Nft.module.css';

const TABS = ['owned', 'boxes', 'collected'] as const;
type Tab = (typeof TABS)[number];

function Artworks({ kind, scroller }: { kind: 'owned' | 'collected'; scroller: HTMLDivElement | null }) {
  const { t } = useTranslation();
  const list = usePages('/bind_box/getMyNFTs', { kind });
  return (
    <PagedView list={list} emptyText={t(kind === 'owned' ? 'nft.my.noOwned' : 'nft.my.noCollected')}>
      <ArtworkGrid items={list.items} scroller={scroller} status={kind === 'owned'} />
    </PagedView>
  );
}

function Boxes() {
  const { t } = useTranslation();
  const list = usePages('/bind_box/getMyBindBoxQuotationLog', {});
  const [revealed, setRevealed] = useState<NftBoxOrder | null>(null);
  return (
    <>
      <PagedView list={list} emptyText={t('nft.box.noMyBoxes')}>
        <div className={styles.stack}>
          <ul className={styles.myBoxes}>
            {list.items.map((o) => (
              <MyBox key={o.id} o={o} onOpened={setRevealed} />
            ))}
          </ul>
        </div>
      </PagedView>
      <RevealSheet order={revealed} onClose={() => setRevealed(null)} />
    </>
  );
}

export default function MyNftPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(raw ?? '') ? (raw as Tab) : 'owned';
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  return (
    <Page title={pageTitle(t, { area: 'nft', page: 'myNft' })} bodyRef={setScroller}>
      <div className={`${styles.sticky} ${styles.tabs}`}>
        <Tabs
          items={TABS.map((key) => ({ key, label: t(`nft.my.tabs.${key}`) }))}
          value={tab}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
        />
      </div>
      {tab === 'boxes' ? <Boxes /> : <Artworks key={tab} kind={tab} scroller={scroller} />}
    </Page>
  );
}
