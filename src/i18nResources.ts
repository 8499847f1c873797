/**
 * The English texts' shapes, one per namespace: the type of every translation key. Adding a
 * namespace adds its file under locales/<lang>/ and a line here (a test checks both agree).
 */
import type commonNs from '../locales/en/common.json';
import type navNs from '../locales/en/nav.json';
import type feedNs from '../locales/en/feed.json';
import type timeNs from '../locales/en/time.json';
import type areaNs from '../locales/en/area.json';
import type pagesNs from '../locales/en/pages.json';
import type errorsNs from '../locales/en/errors.json';
import type validationNs from '../locales/en/validation.json';
import type messagesNs from '../locales/en/messages.json';
import type notificationsNs from '../locales/en/notifications.json';
import type authNs from '../locales/en/auth.json';
import type homeNs from '../locales/en/home.json';
import type marketNs from '../locales/en/market.json';
import type helpNs from '../locales/en/help.json';
import type uploadNs from '../locales/en/upload.json';
import type settingsNs from '../locales/en/settings.json';
import type profileNs from '../locales/en/profile.json';
import type securityNs from '../locales/en/security.json';
import type identityNs from '../locales/en/identity.json';
import type targetsNs from '../locales/en/targets.json';
import type fundsNs from '../locales/en/funds.json';
import type tradeNs from '../locales/en/trade.json';
import type futuresNs from '../locales/en/futures.json';
import type spotNs from '../locales/en/spot.json';
import type optionsNs from '../locales/en/options.json';
import type lockmingNs from '../locales/en/lockming.json';
import type ieoNs from '../locales/en/ieo.json';
import type financialNs from '../locales/en/financial.json';
import type investNs from '../locales/en/invest.json';
import type copytradeNs from '../locales/en/copytrade.json';
import type nftNs from '../locales/en/nft.json';
import type otcNs from '../locales/en/otc.json';
import type loansNs from '../locales/en/loans.json';
import type rewardsNs from '../locales/en/rewards.json';
import type systemNs from '../locales/en/system.json';

export interface Resources {
  common: typeof commonNs;
  nav: typeof navNs;
  feed: typeof feedNs;
  time: typeof timeNs;
  area: typeof areaNs;
  pages: typeof pagesNs;
  errors: typeof errorsNs;
  validation: typeof validationNs;
  messages: typeof messagesNs;
  notifications: typeof notificationsNs;
  auth: typeof authNs;
  home: typeof homeNs;
  market: typeof marketNs;
  help: typeof helpNs;
  upload: typeof uploadNs;
  settings: typeof settingsNs;
  profile: typeof profileNs;
  security: typeof securityNs;
  identity: typeof identityNs;
  targets: typeof targetsNs;
  funds: typeof fundsNs;
  trade: typeof tradeNs;
  futures: typeof futuresNs;
  spot: typeof spotNs;
  options: typeof optionsNs;
  lockming: typeof lockmingNs;
  ieo: typeof ieoNs;
  financial: typeof financialNs;
  invest: typeof investNs;
  copytrade: typeof copytradeNs;
  nft: typeof nftNs;
  otc: typeof otcNs;
  loans: typeof loansNs;
  rewards: typeof rewardsNs;
  system: typeof systemNs;
}
