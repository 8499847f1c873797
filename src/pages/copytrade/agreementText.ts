/**
 * The trader agreement: what a trader commits to when followers copy their futures
 * positions. A legal text in a fixed language per page (follow/agreement_en,
 * follow/agreement_zh), so it is content here rather than interface strings in every language.
 */
export interface AgreementText {
  title: string;
  intro: string;
  sections: readonly { heading: string; body: readonly string[] }[];
  updated: string;
}

export const AGREEMENT_EN: AgreementText = {
  title: 'Kestrel Copy Trading — Trader Agreement',
  intro:
    'This agreement sets out what you commit to when you become a trader on Kestrel copy trading and other users follow you. By ticking the box on the application page and applying, you accept it. Please read it in full.',
  sections: [
    {
      heading: '1. Real positions are copied',
      body: [
        'When you open a futures position, each of your active followers receives a real futures position of their own, on the same pair, side and leverage, sized by the multiple or fixed lots they chose and filled at their own market price from their own futures account.',
        'When you close a position, the copies of it are closed too, except those a follower has chosen to hold themselves. Every copy records the order of yours that caused it, so followers can trace each copied position back to you.',
        'You must therefore only trade in a way you are willing to have copied. Opening and closing positions for the purpose of generating copies, statistics or followers, rather than as genuine trades, is forbidden.',
      ],
    },
    {
      heading: '2. No guarantee of results',
      body: [
        'Your statistics (total profit and loss, accuracy, rate of return over 7 and 30 days and the equity curve) are computed every hour from your real closed positions. They describe the past and do not promise any future result.',
        'You must not promise, suggest or imply to anyone that following you will be profitable, that losses are limited, or that any return is guaranteed, whether on Kestrel or elsewhere.',
      ],
    },
    {
      heading: "3. Followers' risk",
      body: [
        'Trading futures with leverage can lose a follower more than they expect in a short time, and copies may fill at prices different from yours, or be skipped when a follower lacks margin or reaches one of their own risk limits.',
        'Each follower decides to follow you, how large their copies are, and which risk controls to set (a maximum margin per copy, a copy stop-loss and a daily copy limit). Followers remain solely responsible for their own accounts and decisions. You are not their adviser or agent.',
      ],
    },
    {
      heading: '4. Conduct',
      body: [
        'You must keep your identity verification current and keep at least the minimum balance in your futures account shown on the application page.',
        'You must not manipulate prices, trade against your followers, operate several trader accounts, share your account, or use your nickname, avatar or signature to mislead, advertise other services or collect followers’ personal data.',
        'You may choose whether followers see your open positions live, delayed by an hour, or not at all, and you may stop accepting new followers at any time. Existing followers keep copying you until they or you end the relationship.',
      ],
    },
    {
      heading: '5. Fees',
      body: [
        'Kestrel charges no fee for being a trader or for being followed, and pays no commission or profit share to traders. Followers pay only the ordinary futures handling and overnight fees on their own positions.',
      ],
    },
    {
      heading: '6. Review and termination',
      body: [
        'Applications are reviewed by Kestrel operators, who may approve or reject them and give a reason.',
        'Kestrel may suspend or end your trader status at any time if you breach this agreement, no longer meet the conditions, or your trading harms followers or the market. You may stop being a trader by contacting support. When trader status ends, no new copies are opened; positions already copied remain the followers’ own positions.',
      ],
    },
    {
      heading: '7. Changes',
      body: [
        'Kestrel may update this agreement. The current version is always shown on this page; continuing to act as a trader after a change means you accept it.',
      ],
    },
  ],
  updated: 'Last updated: November 2026',
};

export const AGREEMENT_ZH: AgreementText = {
  title: 'Kestrel 跟单交易 — 交易员协议',
  intro:
    '本协议说明您成为 Kestrel 跟单交易员、被其他用户跟随时所承担的义务。在申请页面勾选同意并提交申请，即表示您接受本协议。请完整阅读。',
  sections: [
    {
      heading: '一、复制的是真实仓位',
      body: [
        '当您开立合约仓位时，您的每位有效跟随者都会在其本人的合约账户中获得一笔真实的合约仓位：交易对、方向和杠杆倍数与您相同，手数按其选择的固定倍数或固定手数计算，并以其本人成交时的市场价格成交。',
        '当您平仓时，跟随者对应的跟单仓位也会一并平仓，但跟随者已选择“自主持仓”的仓位除外。每笔跟单都记录了触发它的您的订单，跟随者可以据此追溯每一笔跟单仓位的来源。',
        '因此，您只能以愿意被复制的方式进行交易。禁止为制造跟单、统计数据或吸引跟随者而进行非真实交易目的的开仓和平仓。',
      ],
    },
    {
      heading: '二、不保证收益',
      body: [
        '您的统计数据（总盈亏、胜率、近 7 日和近 30 日收益率以及收益曲线）每小时根据您真实的已平仓仓位计算一次。这些数据仅反映过去，不代表任何未来结果。',
        '无论在 Kestrel 内外，您都不得向任何人承诺、暗示或表示跟随您必定盈利、亏损有限或收益有保证。',
      ],
    },
    {
      heading: '三、跟随者的风险',
      body: [
        '杠杆合约交易可能在短时间内使跟随者遭受超出预期的亏损；跟单的成交价格可能与您的不同，当跟随者保证金不足或触及其自设的风险限制时，跟单可能被跳过。',
        '是否跟随您、跟单规模以及风险控制设置（单笔最大保证金、跟单止损和每日跟单上限）均由跟随者自行决定。跟随者对其本人的账户和决定承担全部责任，您并非其顾问或代理人。',
      ],
    },
    {
      heading: '四、行为规范',
      body: [
        '您必须保持身份认证有效，并在合约账户中保持不低于申请页面所示的最低余额。',
        '您不得操纵价格、与跟随者对赌、同时经营多个交易员账户、出借账户，也不得利用昵称、头像或个性签名误导他人、推广其他服务或收集跟随者的个人信息。',
        '您可以选择跟随者实时查看、延迟一小时查看或不可查看您的当前持仓，也可以随时停止接受新的跟随者。现有跟随者将继续跟单，直至其本人或您结束跟随关系。',
      ],
    },
    {
      heading: '五、费用',
      body: [
        '成为交易员或被跟随均不收取任何费用，Kestrel 也不向交易员支付佣金或利润分成。跟随者仅需为其本人的仓位支付正常的合约手续费和隔夜费。',
      ],
    },
    {
      heading: '六、审核与终止',
      body: [
        '交易员申请由 Kestrel 运营人员审核，运营人员可以批准或拒绝申请并说明原因。',
        '如您违反本协议、不再满足条件，或您的交易损害跟随者或市场，Kestrel 可随时暂停或终止您的交易员资格。您也可以联系客服主动退出。交易员资格终止后不再产生新的跟单；已复制的仓位仍属于跟随者本人。',
      ],
    },
    {
      heading: '七、协议变更',
      body: ['Kestrel 可能更新本协议，本页面始终显示现行版本。协议变更后您继续以交易员身份进行交易，即视为接受变更后的协议。'],
    },
  ],
  updated: '最近更新：2026 年 11 月',
};
