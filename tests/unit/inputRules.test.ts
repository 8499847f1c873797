import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contract } from '../../domain/api/contract';
import { emailField, NICKNAME_MAX, nicknameField, SIGNATURE_MAX, signatureField } from '../../domain/api/fields';

const issue = (schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } }, v: unknown) => {
  const r = schema.safeParse(v);
  return r.success ? null : r.error!.issues[0]!.message;
};

describe('names in every language', () => {
  it.each([
    'Nguyễn',
    'José',
    'Thảo 9',
    '王小明',
    'Zoë-Anne',
    "O'Brien",
    'O’Neil',
    'J. Smith',
    '玛丽·居里',
    'Иван',
    'محمد',
    'สมชาย',
    'हिन्दी',
    '김민준',
    'さくら',
    'François',
    'Ñandú 7',
    'ab',
    '12',
  ])('accepts the nickname %j', (name) => {
    expect(issue(nicknameField, name)).toBeNull();
  });

  it('reads a decomposed "ễ" as one character and keeps the NFC form', () => {
    const decomposed = 'Nguyễn'.normalize('NFD');
    expect(decomposed.length).toBeGreaterThan(6);
    expect(nicknameField.parse(decomposed)).toBe('Nguyễn');
    expect(nicknameField.parse('  Thảo   9 ')).toBe('Thảo 9');
  });

  it.each([
    ['', 'validation.nicknameRequired'],
    ['a', 'validation.nicknameShort'],
    ['Abcdefghijk', 'validation.tooLong'],
    ['Bob😀', 'validation.nicknameChars'],
    ['😀😀', 'validation.nicknameChars'],
    ['a\tb', 'validation.nicknameChars'],
    ['a\u0007b', 'validation.nicknameChars'],
    ['a\u200db', 'validation.nicknameChars'],
    ['a--b', 'validation.nicknameChars'],
    ['-ab', 'validation.nicknameChars'],
    ['a@b', 'validation.nicknameChars'],
    ['<b>hi', 'validation.nicknameChars'],
  ])('refuses the nickname %j (%s)', (name, key) => {
    expect(issue(nicknameField, name)).toBe(key);
  });

  it.each(['Hello, world!', 'HODL!', 'Tôi yêu tiền mã hoá.', '你好，世界！', '¿Qué tal?', "C'est la vie…", '100% (BTC) + ETH'])(
    'accepts the signature %j',
    (text) => {
      expect(issue(signatureField, text)).toBeNull();
    },
  );

  it.each([
    ['To the moon 🚀', 'validation.signatureChars'],
    ['I ❤ BTC', 'validation.signatureChars'],
    ['!!', 'validation.signatureChars'],
    ['a\nb', 'validation.signatureChars'],
    ['x'.repeat(SIGNATURE_MAX + 1), 'validation.tooLong'],
  ])('refuses the signature %j (%s)', (text, key) => {
    expect(issue(signatureField, text)).toBe(key);
  });

  it('property: any word of letters of any script within the lengths is a nickname', () => {
    const letter = fc.constantFrom(...'aZéễñøßжЖ王小明さカ김สمحहि'.split('').filter((c) => /\p{L}/u.test(c)));
    fc.assert(
      fc.property(fc.array(letter, { minLength: 2, maxLength: NICKNAME_MAX }), (letters) => {
        expect(issue(nicknameField, letters.join(''))).toBeNull();
      }),
    );
  });

  it('property: a nickname or signature with an emoji is refused', () => {
    const emoji = fc.constantFrom('😀', '🚀', '❤️', '👍🏽', '🇻🇳', '👨‍👩‍👧');
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,4}$/), emoji, (word, e) => {
        expect(nicknameField.safeParse(`${word}${e}`).success).toBe(false);
        expect(signatureField.safeParse(`${word} ${e}`).success).toBe(false);
      }),
    );
  });
});

describe('input checks', () => {
  it.each(['a@b.co', 'first.last+tag@example.com', 'user_1@mail.example.org', 'josé@correo.es', 'nguyen@ví-dụ.vn', 'A@B.CO'])(
    'accepts the email %j',
    (email) => {
      expect(issue(emailField, email)).toBeNull();
    },
  );

  it.each([
    '😀@example.com',
    'a😀b@example.com',
    'a@exa😀mple.com',
    'a@example.😀',
    'a b@example.com',
    'a@b',
    'a@b.c',
    '.a@example.com',
    'a..b@example.com',
    'a@-example.com',
    'a@example..com',
    'a@@example.com',
  ])('refuses the email %j', (email) => {
    expect(issue(emailField, email)).toBe('validation.emailInvalid');
  });

  const basic = { real_type: '1', id_type: 'id_card', name: 'Nguyễn Văn A', card_id: '012345678', country: 'VN' };

  it('identity verification needs a country', () => {
    expect(issue(contract['/user/real'].input, basic)).toBeNull();
    expect(issue(contract['/user/real'].input, { ...basic, country: undefined })).toBe('validation.countryRequired');
    expect(issue(contract['/user/real'].input, { ...basic, country: '' })).toBe('validation.countryRequired');
  });

  it('an ID number with inner or outer spaces reads the same: all whitespace is dropped', () => {
    const read = (card_id: string) => (contract['/user/real'].input.parse({ ...basic, card_id }) as { card_id: string }).card_id;
    expect(read('0123 4567 89')).toBe('0123456789');
    expect(read('  0123456789  ')).toBe('0123456789');
    expect(read('0123\u00a04567\u300089')).toBe('0123456789');
    expect(issue(contract['/user/real'].input, { ...basic, card_id: '12 3' })).toBe('validation.cardIdInvalid');
    expect(issue(contract['/user/real'].input, { ...basic, card_id: '0123😀4567' })).toBe('validation.cardIdInvalid');
  });

  it('a real name has at least two letters ("A" was accepted)', () => {
    const name = (n: string) => issue(contract['/user/real'].input, { ...basic, name: n });
    expect(name('A')).toBe('validation.realNameInvalid');
    expect(name('A.')).toBe('validation.realNameInvalid');
    expect(name('王')).toBe('validation.realNameInvalid');
    expect(name('王五')).toBeNull();
    expect(name('Li')).toBeNull();
    expect(name("O'Neil")).toBeNull();
  });
});
