import {
  ArrowDownToLine,
  ArrowLeftRight,
  ArrowUpFromLine,
  ChartCandlestick,
  ChartColumn,
  Cloud,
  Download,
  Gamepad2,
  Gem,
  Handshake,
  Layers,
  MessagesSquare,
  Pickaxe,
  PiggyBank,
  ReceiptText,
  Repeat,
  Rocket,
  ShoppingCart,
  Target,
  TicketPercent,
  Timer,
  TrendingUp,
  Users,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import type { Resources } from '../../i18nResources';
import { contractPath, pagePath, tradeHubPath } from '../../paths';

export interface Shortcut {
  /** Its label is `home.shortcuts.<key>`. */
  key: keyof Resources['home']['shortcuts'];
  to: string;
  icon: LucideIcon;
  color: string;
}

/** The 24 home shortcuts, in the spec's order, each to its route. */
export const SHORTCUTS: Shortcut[] = [
  { key: 'recharge', to: pagePath('fund', 'receive'), icon: ArrowDownToLine, color: '#3b82f6' },
  { key: 'withdraw', to: pagePath('fund', 'withdraw'), icon: ArrowUpFromLine, color: '#8b5cf6' },
  { key: 'stock', to: tradeHubPath('futures', 'stock'), icon: TrendingUp, color: '#16c784' },
  { key: 'contract', to: contractPath('BTC/USDT'), icon: ChartCandlestick, color: '#f59e0b' },
  { key: 'copyTrade', to: pagePath('follow', 'index'), icon: Users, color: '#ec4899' },
  { key: 'financial', to: pagePath('financial', 'index'), icon: PiggyBank, color: '#14b8a6' },
  { key: 'superLeverage', to: `${contractPath('BTC/USDT')}&lever=super`, icon: Zap, color: '#ef4444' },
  { key: 'otc', to: pagePath('otc', 'otc'), icon: Handshake, color: '#06b6d4' },
  { key: 'couponCenter', to: pagePath('setting', 'coupon'), icon: TicketPercent, color: '#f97316' },
  { key: 'bills', to: pagePath('setting', 'bill'), icon: ReceiptText, color: '#64748b' },
  { key: 'exchange', to: pagePath('fund', 'transfer'), icon: Repeat, color: '#3b82f6' },
  { key: 'mining', to: pagePath('lockming', 'lockming', { category: 'mining' }), icon: Pickaxe, color: '#eab308' },
  { key: 'miniGame', to: pagePath('game', 'game'), icon: Gamepad2, color: '#a855f7' },
  { key: 'chatRoom', to: pagePath('chat', 'room'), icon: MessagesSquare, color: '#22c55e' },
  { key: 'quickBuy', to: pagePath('otc', 'otc', { side: 'buy' }), icon: ShoppingCart, color: '#0ea5e9' },
  { key: 'defiMining', to: pagePath('lockming', 'lockming', { category: 'defi' }), icon: Layers, color: '#6366f1' },
  { key: 'cloudMining', to: pagePath('lockming', 'lockming', { category: 'cloud' }), icon: Cloud, color: '#38bdf8' },
  { key: 'transfer', to: pagePath('fund', 'fundTransfer'), icon: ArrowLeftRight, color: '#10b981' },
  { key: 'ieo', to: pagePath('ieo', 'ieo'), icon: Rocket, color: '#f43f5e' },
  { key: 'options', to: tradeHubPath('options'), icon: Timer, color: '#f59e0b' },
  { key: 'market', to: pagePath('market', 'market'), icon: ChartColumn, color: '#3b82f6' },
  { key: 'nft', to: pagePath('nft', 'nft'), icon: Gem, color: '#d946ef' },
  { key: 'invest', to: pagePath('invest', 'invest'), icon: Target, color: '#84cc16' },
  { key: 'download', to: pagePath('common', 'webView', { page: 'download' }), icon: Download, color: '#94a3b8' },
];
