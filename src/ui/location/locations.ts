/**
 * The bundled place list for the location picker: a few major provinces/regions and their
 * cities for the countries the app's area codes serve most, with rough coordinates (for the
 * drawn map card only). Names are the local or common English name; country names come from
 * `Intl.DisplayNames` in the reader's language.
 */
import { PLACE_DATA } from './placeData';

export type City = [name: string, lat: number, lng: number];
export const PLACES: Record<string, Record<string, City[]>> = PLACE_DATA;
export const COUNTRIES = Object.keys(PLACES);

export interface Place {
  country: string;
  region: string;
  city: string;
}

/** The text a form stores for a place: "region city" (or just the city when they are the same). */
export function placeText(p: Pick<Place, 'region' | 'city'>): string {
  return p.region === p.city ? p.city : `${p.region} ${p.city}`;
}

/** The coordinates of a known city, or null. */
export function cityOf(p: Place): City | null {
  return PLACES[p.country]?.[p.region]?.find((c) => c[0] === p.city) ?? null;
}

/** The country's name in `lang` (its code when the browser cannot name it). */
export function countryName(code: string, tag: string): string {
  try {
    return new Intl.DisplayNames([tag], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The query string that opens the picker or the map card for a place. */
export function placeQuery(p: Partial<Place>): string {
  const q = new URLSearchParams();
  for (const k of ['country', 'region', 'city'] as const) if (p[k]) q.set(k, p[k]);
  return q.toString();
}
