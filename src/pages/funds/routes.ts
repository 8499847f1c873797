import { defineArea } from '../../routing';

/** The funds pages: assets, records, transfers, deposit and withdrawal, at the spec's `fund` URLs. */
const routes = defineArea(
  'funds',
  {
    assets: { load: () => import('./AssetsPage') },
    assets_record: { load: () => import('./AssetsRecordPage') },
    assets_all_record: { load: () => import('./AllBillsPage') },
    fundTransfer: { load: () => import('./FundTransferPage') },
    transfer: { load: () => import('./ExchangePage') },
    transfer_history: { load: () => import('./TransferHistoryPage') },
    receive: { load: () => import('./ReceivePage') },
    receive_withdraw_record: { load: () => import('./DepositWithdrawRecordPage') },
    withdraw: { load: () => import('./WithdrawPage') },
    select: { load: () => import('./SelectCoinPage') },
  },
  { url: 'fund', namespaces: ['funds', 'home', 'auth', 'upload', 'targets', 'security'] },
);
export default routes;

declare module '../../paths' {
  interface DeclaredAreas {
    funds: typeof routes;
  }
}
