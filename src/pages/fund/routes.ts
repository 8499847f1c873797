import { defineArea } from '../../routing';

/** The fund area's pages (spec §2). */
export default defineArea(
  'fund',
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
  { namespaces: ['funds', 'home', 'auth', 'upload', 'targets', 'security'] },
);
