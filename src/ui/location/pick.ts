/**
 * How the location picker hands its choice back to the page that opened it: the opener names
 * itself (`return=`) and the field (`field=`) in the picker's query; the picker leaves the choice
 * in this tab's session storage and steps back, and the opener takes it once when it mounts again.
 */
import type { Place } from './locations';
import { pagePath } from '../../paths';

const KEY = 'kestrel.locationPick';

export interface LocationPick {
  field: string;
  place: Place;
}

/** The picker's URL for `field` of the page at `returnTo`. */
export function pickerUrl(returnTo: string, field: string, current?: Partial<Place>): string {
  const q = new URLSearchParams({ return: returnTo, field });
  if (current?.country) q.set('country', current.country);
  return `${pagePath('system', 'choose-location')}?${q.toString()}`;
}

export function leavePick(pick: LocationPick): void {
  sessionStorage.setItem(KEY, JSON.stringify(pick));
}

/** The choice left for `field`, removed as it is taken; null when there is none. */
export function takePick(field: string): Place | null {
  const raw = sessionStorage.getItem(KEY);
  if (!raw) return null;
  try {
    const pick = JSON.parse(raw) as LocationPick;
    if (pick.field !== field) return null;
    sessionStorage.removeItem(KEY);
    return pick.place;
  } catch {
    sessionStorage.removeItem(KEY);
    return null;
  }
}
