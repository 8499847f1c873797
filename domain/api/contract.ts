/**
 * The API contract: every endpoint once, with its method, who may call it, the zod schema of its
 * input and the type of its answer. Each area declares its own in `domain/<area>/contract.ts`;
 * this file only names and merges them (a path declared twice stops the start). The server registers its
 * handlers from this table and validates with the same schemas; the client's calls are typed by it.
 */
import type { z } from 'zod';
import { authEndpoints } from '../auth/contract';
import { profileEndpoints } from '../profile/contract';
import { contentEndpoints } from '../content/contract';
import { marketEndpoints } from '../market/contract';
import { identityEndpoints } from '../identity/contract';
import { securityEndpoints } from '../security/contract';
import { ratesEndpoints } from '../rates/contract';
import { targetsEndpoints } from '../targets/contract';
import { notificationsEndpoints } from '../notifications/contract';
import { fundsEndpoints } from '../funds/contract';
import { realtimeEndpoints } from '../realtime/contract';
import { futuresEndpoints } from '../futures/contract';
import { spotEndpoints } from '../spot/contract';
import { optionsEndpoints } from '../options/contract';
import { watchlistEndpoints } from '../watchlist/contract';
import { lockmingEndpoints } from '../lockming/contract';
import { ieoEndpoints } from '../ieo/contract';
import { financialEndpoints } from '../financial/contract';
import { investEndpoints } from '../invest/contract';
import { copytradeEndpoints } from '../copytrade/contract';
import { nftEndpoints } from '../nft/contract';
import { chatEndpoints } from '../chat/contract';
import { supportEndpoints } from '../support/contract';
import { otcEndpoints } from '../otc/contract';
import { loansEndpoints } from '../loans/contract';
import { rewardsEndpoints } from '../rewards/contract';
import { gameEndpoints } from '../game/contract';
import { alertsEndpoints } from '../alerts/contract';
import { mergeAreas } from './endpoint';

export type { Access, Endpoint } from './endpoint';

/** The areas by name: the name tags their endpoints in the OpenAPI document (server/openapi). */
export const contractAreas = {
  auth: authEndpoints,
  profile: profileEndpoints,
  content: contentEndpoints,
  market: marketEndpoints,
  identity: identityEndpoints,
  security: securityEndpoints,
  rates: ratesEndpoints,
  targets: targetsEndpoints,
  notifications: notificationsEndpoints,
  funds: fundsEndpoints,
  realtime: realtimeEndpoints,
  futures: futuresEndpoints,
  spot: spotEndpoints,
  watchlist: watchlistEndpoints,
  options: optionsEndpoints,
  lockming: lockmingEndpoints,
  ieo: ieoEndpoints,
  financial: financialEndpoints,
  invest: investEndpoints,
  copytrade: copytradeEndpoints,
  nft: nftEndpoints,
  chat: chatEndpoints,
  support: supportEndpoints,
  otc: otcEndpoints,
  loans: loansEndpoints,
  rewards: rewardsEndpoints,
  game: gameEndpoints,
  alerts: alertsEndpoints,
};

export const contract = mergeAreas(contractAreas);

export type Contract = typeof contract;
export type EndpointPath = keyof Contract;
/** What a caller sends to `P` (before defaults and transforms). */
export type InputOf<P extends EndpointPath> = z.input<Contract[P]['input']>;
/** What a handler of `P` receives (after validation). */
export type ParsedInputOf<P extends EndpointPath> = z.output<Contract[P]['input']>;
/** What `P` answers in `message`. */
export type OutputOf<P extends EndpointPath> = Exclude<Contract[P]['output'], undefined>;
