import type { Page } from '../../domain/api/envelope';
import { addressNetwork } from '../../domain/targets/networks';
import type { BankCard, BankCardKind, WalletAddress } from '../../domain/targets/types';
import type { Clock } from '../clock';
import type { Db } from '../db/db';
import { paginate } from '../db/paginate';
import { rowReader } from '../db/rows';
import type { MarketSource } from '../market/MarketSource';
import type { UploadStore } from '../uploads/UploadStore';

interface AddressRow {
  id: number;
  currency_id: number;
  name: string;
  address: string;
  qrcode_upload_id: number | null;
  created_at: number;
}

const addressRows = rowReader<AddressRow>('wallet_addresses', {
  id: 'int',
  currency_id: 'int',
  name: 'text',
  address: 'text',
  qrcode_upload_id: 'int?',
  created_at: 'int',
});

type CardRow = Omit<BankCard, 'card_number'> & { card_number: string };
const cardRows = rowReader<CardRow>('bank_cards', {
  kind: 'text',
  real_name: 'text',
  card_number: 'text',
  bank_name: 'text',
  branch: 'text',
  province_city: 'text?',
  swift_code: 'text?',
  aba_number: 'text?',
  address: 'text?',
  phone: 'text',
  updated_at: 'int',
});
const payoutCardRows = rowReader<{ bank_name: string; card_number: string; real_name: string }>('bank_cards', {
  bank_name: 'text',
  card_number: 'text',
  real_name: 'text',
});
const payoutAddressRows = rowReader<{ name: string; address: string; currency_id: number }>('wallet_addresses', {
  name: 'text',
  address: 'text',
  currency_id: 'int',
});

export type CardInput = {
  real_name: string;
  card_number: string;
  bank_name: string;
  branch: string;
  phone: string;
  province_city?: string;
  swift_code?: string;
  aba_number?: string;
  address?: string;
};

/** All but the last four characters hidden, grouped in fours: "**** **** 1234". */
export function maskCardNumber(number: string): string {
  const hidden = '*'.repeat(Math.max(0, number.length - 4)) + number.slice(-4);
  return hidden.replace(/(.{4})(?=.)/g, '$1 ');
}

/** Where withdrawals may go: saved wallet addresses and one domestic and one international bank card. */
export class WithdrawalTargets {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly uploads: UploadStore,
    private readonly market: MarketSource,
  ) {}

  async addAddress(userId: number, a: { currencyId: number; name: string; address: string; qrcodeUploadId: number | null }): Promise<void> {
    await this.db.query(
      `INSERT INTO wallet_addresses (user_id, currency_id, name, address, qrcode_upload_id, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [userId, a.currencyId, a.name, a.address, a.qrcodeUploadId, this.clock.now()],
    );
  }

  async addresses(userId: number, page: number, limit: number): Promise<Page<WalletAddress>> {
    const found = await paginate(
      this.db,
      {
        select: 'id, currency_id, name, address, qrcode_upload_id, created_at',
        from: 'FROM wallet_addresses WHERE user_id = $1 AND deleted_at IS NULL',
        orderBy: 'id DESC',
        params: [userId],
      },
      { page, limit },
      addressRows.check,
    );
    const qrcodes = await this.uploads.urlsById(found.data.map((r) => r.qrcode_upload_id));
    return {
      ...found,
      data: found.data.map(({ qrcode_upload_id, ...r }) => {
        const currency = this.market.currencies.find((c) => c.id === r.currency_id)?.name ?? String(r.currency_id);
        return {
          ...r,
          currency,
          network: addressNetwork(currency, r.address),
          qrcode: qrcode_upload_id === null ? null : (qrcodes.get(qrcode_upload_id) ?? null),
        };
      }),
    };
  }

  /** Removes one of the user's addresses; false when it is not theirs or already gone. */
  async removeAddress(userId: number, id: number): Promise<boolean> {
    const rows = await this.db.query(
      'UPDATE wallet_addresses SET deleted_at = $3 WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL RETURNING id',
      [id, userId, this.clock.now()],
    );
    return rows.length > 0;
  }

  /** Saves the user's card of `kind`, replacing the previous one. */
  async saveCard(userId: number, kind: BankCardKind, c: CardInput): Promise<void> {
    await this.db.query(
      `INSERT INTO bank_cards (user_id, kind, real_name, card_number, bank_name, branch, province_city, swift_code, aba_number, address, phone, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       ON CONFLICT (user_id, kind) DO UPDATE SET real_name = EXCLUDED.real_name, card_number = EXCLUDED.card_number,
         bank_name = EXCLUDED.bank_name, branch = EXCLUDED.branch, province_city = EXCLUDED.province_city,
         swift_code = EXCLUDED.swift_code, aba_number = EXCLUDED.aba_number, address = EXCLUDED.address,
         phone = EXCLUDED.phone, updated_at = EXCLUDED.updated_at`,
      [
        userId,
        kind,
        c.real_name,
        c.card_number,
        c.bank_name,
        c.branch,
        c.province_city ?? null,
        c.swift_code ?? null,
        c.aba_number ?? null,
        c.address ?? null,
        c.phone,
        this.clock.now(),
      ],
    );
  }

  /** One of the user's live saved addresses (for a withdrawal), or null. */
  async address(userId: number, id: number): Promise<{ name: string; address: string; currency_id: number } | null> {
    const row = await payoutAddressRows.one(
      this.db,
      'SELECT name, address, currency_id FROM wallet_addresses WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL',
      [id, userId],
    );
    return row ?? null;
  }

  /** The user's card of `kind` with its number unmasked (for a withdrawal's record), or null. */
  async cardForPayout(userId: number, kind: BankCardKind): Promise<{ bank_name: string; card_number: string; real_name: string } | null> {
    const row = await payoutCardRows.one(
      this.db,
      'SELECT bank_name, card_number, real_name FROM bank_cards WHERE user_id = $1 AND kind = $2',
      [userId, kind],
    );
    return row ?? null;
  }

  async card(userId: number, kind: BankCardKind): Promise<BankCard | null> {
    const row = await cardRows.one(
      this.db,
      `SELECT kind, real_name, card_number, bank_name, branch, province_city, swift_code, aba_number, address, phone, updated_at
       FROM bank_cards WHERE user_id = $1 AND kind = $2`,
      [userId, kind],
    );
    return row ? { ...row, card_number: maskCardNumber(row.card_number) } : null;
  }
}
