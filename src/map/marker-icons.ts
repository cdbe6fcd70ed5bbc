import L from 'leaflet';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png?no-inline';
import iconUrl from 'leaflet/dist/images/marker-icon.png?no-inline';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png?no-inline';
import cellPinUrl from './icons/cell-pin.svg?no-inline';
import phonePinUrl from './icons/phone-pin.svg?no-inline';

/* Real files (not data: URIs) so a strict img-src CSP can allow them. Leaflet finds its default images by a CSS-derived path that bundlers break; hand it the hashed URLs. */
const base = {
  iconUrl,
  iconRetinaUrl,
  shadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  tooltipAnchor: [16, -28],
  shadowSize: [41, 41],
} satisfies L.IconOptions;

L.Icon.Default.mergeOptions({ ...base, imagePath: '' });

/** The two pins: the phone's (blue, a handset in it) and a looked-up cell's (vermillion, a mast in it). */
export const PIN_URLS = { phone: phonePinUrl, cell: cellPinUrl } as const;

export const phoneIcon = L.icon({
  ...base,
  iconUrl: phonePinUrl,
  iconRetinaUrl: phonePinUrl,
  className: 'marker-phone',
});
export const cellIcon = L.icon({
  ...base,
  iconUrl: cellPinUrl,
  iconRetinaUrl: cellPinUrl,
  className: 'marker-cell',
});
