import zipcodes from 'zipcodes';

/**
 * ZIP → place, from the `zipcodes` package's bundled table (no network at run time; decision 0092).
 * Only United States ZIPs: the package also knows Canadian postal codes, which events do not use.
 */
export interface ZipLocation {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
}

export function locateZip(zip: string): ZipLocation | null {
  if (!/^[0-9]{5}$/.test(zip)) return null;
  const found = zipcodes.lookup(zip);
  if (found?.country !== 'US') return null;
  return {
    zip,
    latitude: found.latitude,
    longitude: found.longitude,
    city: found.city,
    state: found.state,
  };
}
