import { describe, expect, it } from 'vitest';
import { contract } from '../../domain/api/contract';
import { selectLangFromHeader } from '../../domain/i18n';

const firstMessage = (path: keyof typeof contract, input: unknown) => {
  const r = contract[path].input.safeParse(input);
  return r.success ? null : r.error.issues[0]!.message;
};

describe('shared validation rules', () => {
  const base = { type: 'email', user_string: 'a@b.co', code: '123456', password: 'secret', re_password: 'secret' };

  it('accepts a minimal valid registration', () => {
    expect(firstMessage('/user/register', base)).toBeNull();
    expect(firstMessage('/user/register', { ...base, type: 'mobile', user_string: '13800138000', area_code: '+86' })).toBeNull();
  });

  it.each([
    [{ password: '12345', re_password: '12345' }, 'validation.passwordLength'],
    [{ re_password: 'secreT' }, 'validation.passwordMismatch'],
    [{ code: '12345' }, 'validation.codeLength'],
    [{ code: undefined }, 'validation.codeRequired'],
    [{ user_string: 'a@b' }, 'validation.emailInvalid'],
    [{ type: 'mobile', user_string: '12', area_code: '1' }, 'validation.mobileInvalid'],
    [{ type: 'mobile', user_string: '13800138000' }, 'validation.areaCodeRequired'],
  ])('%o breaks %s', (override, key) => {
    expect(firstMessage('/user/register', { ...base, ...override })).toBe(key);
  });

  it('paged lists default to 10 per page and cap at 100', () => {
    const r = contract['/news/list'].input.parse({ c_id: '4' });
    expect(r).toEqual({ c_id: 4, page: 1, limit: 10 });
    expect(firstMessage('/news/list', { c_id: '4', limit: '101' })).toBe('validation.invalid');
    expect(firstMessage('/news/list', { c_id: '4', page: '0' })).toBe('validation.invalid');
  });

  it('maps accept-language headers to our languages', () => {
    expect(selectLangFromHeader('zh-cn')).toBe('zh');
    expect(selectLangFromHeader('zh-tw')).toBe('hk');
    expect(selectLangFromHeader('ja-JP,en;q=0.8')).toBe('jp');
    expect(selectLangFromHeader('ko')).toBe('kor');
    expect(selectLangFromHeader('xx, fr-CA')).toBe('fra');
    expect(selectLangFromHeader('xx')).toBeNull();
  });
});
