import L from 'leaflet';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png?no-inline';
import iconUrl from 'leaflet/dist/images/marker-icon.png?no-inline';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png?no-inline';

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

export const phoneIcon = L.icon({ ...base, className: 'marker-phone' });
export const cellIcon = L.icon({ ...base, className: 'marker-cell' });
