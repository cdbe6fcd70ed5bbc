import type { FactLink } from '../../../api/cell-facts';

export interface Credit {
  author: FactLink;
  license?: FactLink;
}

/** OpenCelliD's data: CC BY-SA 4.0, attribution required wherever it is shown. */
export const OPENCELLID_CREDIT: Credit = {
  author: { url: 'https://opencellid.org/', title: 'OpenCelliD contributors' },
  license: { url: 'https://creativecommons.org/licenses/by-sa/4.0/', title: 'CC BY-SA 4.0' },
};

/** The known geolocation services by host; any other is credited by its host name. */
const GEOLOCATE_CREDITS: Array<{ host: RegExp; credit: Credit }> = [
  { host: /(^|\.)beacondb\.net$/, credit: { author: { url: 'https://beacondb.net/', title: 'beaconDB' } } },
  {
    host: /(^|\.)googleapis\.com$/,
    credit: {
      author: {
        url: 'https://developers.google.com/maps/documentation/geolocation/overview',
        title: 'Google Geolocation API',
      },
    },
  },
];

/** Whom a geolocation service's answers are credited to, from its address. */
export function geolocateCredit(url: string): Credit {
  const { host, protocol } = new URL(url);
  const known = GEOLOCATE_CREDITS.find((entry) => entry.host.test(host));
  return known?.credit ?? { author: { url: `${protocol}//${host}/`, title: host } };
}

/** The credit a cell's data needs: by where it came from (an imported row names its origin). */
export function creditOf(origin: string | undefined, geolocateUrl?: string): Credit | undefined {
  if (origin === 'opencellid') return OPENCELLID_CREDIT;
  if (origin === 'geolocate' && geolocateUrl !== undefined) return geolocateCredit(geolocateUrl);
  return undefined;
}
