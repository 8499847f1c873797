/**
 * Every area's part of the simulation, in one list: adding an area is adding its module here.
 */
import type { ActionSpec } from '../types';
import type { AreaModule, DueCheck } from './area';
import { accounts } from './accounts';
import { funds } from './funds';
import { system } from './system';
import { trading } from './trading';
import { finance } from './finance';
import { nft } from './nft';
import { otc } from './otc';
import { loans } from './loans';
import { copytrade } from './copytrade';
import { alerts } from './alerts';

const AREAS: AreaModule[] = [system, accounts, funds, trading, finance, nft, otc, loans, copytrade, alerts];

export const ACTIONS: ActionSpec[] = AREAS.flatMap((a) => a.actions);
export const DUE_CHECKS: DueCheck[] = AREAS.flatMap((a) => a.due ?? []);

/** Areas every run draws from, whatever `--areas` names. */
export const CORE_AREAS = ['market', 'faults', 'accounts', 'funds'];

const byKind = new Map(ACTIONS.map((s) => [s.kind, s]));

export function specOf(kind: string): ActionSpec {
  const spec = byKind.get(kind);
  if (!spec) throw new Error(`unknown action kind ${kind}`);
  return spec;
}
