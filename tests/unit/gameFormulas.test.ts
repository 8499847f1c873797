import { describe, expect, it } from 'vitest';
import { maskNickname, roundPayout, roundResult, secondsLeft, stakeProblem, utcDay } from '../../domain/game/formulas';

describe('game formulas', () => {
  it('decides up/down/draw from the open and close prices, exactly (no floats)', () => {
    expect(roundResult('up', '60000.00', '60000.01')).toBe('win');
    expect(roundResult('down', '60000.00', '60000.01')).toBe('loss');
    expect(roundResult('down', '0.3', '0.30000000000000001')).toBe('loss');
    expect(roundResult('up', '60000', '60000.00')).toBe('draw');
    expect(roundResult('down', '1', '0.99')).toBe('win');
  });
  it('returns 2 × stake on a win, the stake on a draw, nothing on a loss', () => {
    expect(roundPayout('win', 100)).toEqual({ returned: 200, net: 100 });
    expect(roundPayout('draw', 100)).toEqual({ returned: 100, net: 0 });
    expect(roundPayout('loss', 100)).toEqual({ returned: 0, net: -100 });
  });
  it('checks the stake against min, max and the points', () => {
    expect(stakeProblem(5, 1000)).toBe('stakeMin');
    expect(stakeProblem(501, 1000)).toBe('stakeMax');
    expect(stakeProblem(100, 40)).toBe('pointsInsufficient');
    expect(stakeProblem(1.5, 1000)).toBe('stakeInvalid');
    expect(stakeProblem(100, 100)).toBeNull();
  });
  it('counts UTC days, the seconds left and masks nicknames', () => {
    expect(utcDay(Date.UTC(2026, 0, 2) - 1)).toBe(utcDay(Date.UTC(2026, 0, 1)));
    expect(utcDay(Date.UTC(2026, 0, 2))).toBe(utcDay(Date.UTC(2026, 0, 1)) + 1);
    expect(secondsLeft(60_000, 0)).toBe(60);
    expect(secondsLeft(60_000, 59_001)).toBe(1);
    expect(secondsLeft(60_000, 70_000)).toBe(0);
    expect(secondsLeft(90_000, 0)).toBe(60);
    expect(maskNickname('trader42')).toBe('t***2');
    expect(maskNickname('ab')).toBe('a***');
  });
});
