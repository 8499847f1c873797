import { formatPercent } from '../../domain/format';
import type { Lang } from '../../domain/i18n';
import { Decimal } from '../../domain/decimal';

/** A rate as a fraction (`0.0019`) shown as a percentage (`0.19%`): a display shift, no money math. */
export function ratePercent(rate: string, lang: Lang): string {
  return formatPercent(new Decimal(rate).mul(100).toFixed(), lang, 2).replace(/^\+/, '');
}
