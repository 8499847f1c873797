import type { EndpointPath } from '../../domain/api/contract';
import { AppError } from '../http/AppError';
import type { DemoGate } from '../http/registerEndpoints';
import type { UserRepository } from '../users/UserRepository';
import { DEMO_ACCOUNT } from './seed';

/**
 * What the demo account may not do (docs/SECURITY.md "The demo account"). Its
 * password is public, so anything that moves value to another user or off the platform, or that
 * changes how the account is reached or secured, is refused with `errors.demoAccountRefused`.
 * Trading against the platform (futures, spot, options, finance products, exchange, loans, the
 * game, blind boxes from the platform) stays open, so the demo is still a demo.
 */
export const DEMO_REFUSED: readonly EndpointPath[] = [
  // Off the platform: withdrawals, and OTC (USDT for fiat paid outside, with merchants).
  '/wallet/out',
  '/otc/order/create',
  // To another user: NFT purchases, bids and offers on others' listings, paying a won auction,
  // listing the demo's NFTs for others to buy; copy trading (a follower pays its trader a share,
  // a trader is paid by followers).
  '/bind_box/buyNFT',
  '/bind_box/marginNFT',
  '/bind_box/auctionNFT',
  '/bind_box/payNFTOrder',
  '/bind_box/resellNFT',
  '/follow/follow',
  '/follow/apply',
  '/follow/traderSettings',
  // Where money could be sent: withdrawal addresses and bank cards.
  '/user/wallet/save',
  '/user/wallet/delete',
  '/user/cash_save',
  '/user/cash_save_international',
  // How the account is reached and secured: passwords, 2FA, bound email and phone, the
  // anti-phishing code, other devices' sessions; a password reset by code.
  '/safe/update_password',
  '/safe/pay_password',
  '/safe/mobile',
  '/safe/email',
  '/safe/logout_others',
  '/safe/two_factor/setup',
  '/safe/two_factor/enable',
  '/safe/two_factor/disable',
  '/safe/two_factor/recovery_codes',
  '/safe/anti_phishing',
  '/user/forget',
];

export class DemoGuard implements DemoGate {
  readonly paths: ReadonlySet<string> = new Set(DEMO_REFUSED);
  /** The demo account's id once found (it is created at the first start, after the routes). */
  private demoId: number | null = null;

  constructor(private readonly users: UserRepository) {}

  async check(path: string, userId: number | null, input: unknown): Promise<void> {
    if (path === '/user/forget') {
      // Public: the account is named in the request.
      const account = (input as { account?: unknown }).account;
      if (typeof account === 'string' && account.toLowerCase() === DEMO_ACCOUNT.email) throw new AppError('errors.demoAccountRefused');
      return;
    }
    if (userId !== null && userId === (await this.id())) throw new AppError('errors.demoAccountRefused');
  }

  private async id(): Promise<number | null> {
    this.demoId ??= (await this.users.byEmail(DEMO_ACCOUNT.email))?.id ?? null;
    return this.demoId;
  }
}
