/**
 * The adverts a fresh database starts with (docs/OTC.md), so the OTC page has merchants to show
 * before an operator creates any: written once, when there are none.
 */
import type { OtcAdvertInput } from '../../domain/otc/types';
import type { OtcRepository } from './OtcRepository';
import type { OtcService } from './OtcService';

const SEED: OtcAdvertInput[] = [
  {
    merchant: 'Harbor Exchange',
    side: 'buy',
    fiat: 'USD',
    price: '1.002',
    min_fiat: '50',
    max_fiat: '20000',
    payment_methods: 'bank_transfer,wise',
    capacity: '80000',
    details: 'Harbor Exchange Ltd · IBAN GB33 BUKB 2020 1555 5555 55 · reference: your order number',
  },
  {
    merchant: 'Northwind OTC',
    side: 'buy',
    fiat: 'USD',
    price: '1.005',
    min_fiat: '20',
    max_fiat: '5000',
    payment_methods: 'paypal,revolut',
    capacity: '25000',
    details: 'PayPal pay@northwind.example · Revolut @northwindotc',
  },
  {
    merchant: 'Lotus Desk',
    side: 'buy',
    fiat: 'CNY',
    price: '7.26',
    min_fiat: '100',
    max_fiat: '50000',
    payment_methods: 'alipay,wechat_pay,bank_transfer',
    capacity: '40000',
    details: 'Alipay lotus.desk@example.cn · WeChat Pay LotusDesk',
  },
  {
    merchant: 'Sakura Trading',
    side: 'buy',
    fiat: 'JPY',
    price: '151',
    min_fiat: '3000',
    max_fiat: '1500000',
    payment_methods: 'bank_transfer',
    capacity: '30000',
    details: 'Sakura Bank · Shibuya branch · Ordinary 1234567 · Sakura Trading KK',
  },
  {
    merchant: 'Euro Bridge',
    side: 'buy',
    fiat: 'EUR',
    price: '0.93',
    min_fiat: '20',
    max_fiat: '15000',
    payment_methods: 'bank_transfer,wise',
    capacity: '50000',
    details: 'Euro Bridge SARL · IBAN FR76 3000 6000 0112 3456 7890 189',
  },
  {
    merchant: 'Harbor Exchange',
    side: 'sell',
    fiat: 'USD',
    price: '0.996',
    min_fiat: '50',
    max_fiat: '20000',
    payment_methods: 'bank_transfer,wise',
    details: 'Paid to the bank account you give the merchant',
  },
  {
    merchant: 'Lotus Desk',
    side: 'sell',
    fiat: 'CNY',
    price: '7.19',
    min_fiat: '100',
    max_fiat: '50000',
    payment_methods: 'alipay,bank_transfer',
    details: 'Paid to your Alipay or bank account',
  },
];

export async function seedOtcAdverts({ repo, service }: { repo: OtcRepository; service: OtcService }): Promise<void> {
  if ((await repo.countAdverts()) > 0) return;
  for (const advert of SEED) await service.createAdvert(advert);
}
