import type L from 'leaflet';

/*
 * Okabe–Ito's eight colours (Color Universal Design), chosen because they stay apart for readers with the common
 * colour-vision deficiencies. Each kind of thing on the map also has its own shape (pin, square, diamond, dot,
 * dashed ring, dashed line), so no kind is told from another by colour alone.
 */
export const OKABE_ITO = {
  orange: '#E69F00',
  skyBlue: '#56B4E9',
  bluishGreen: '#009E73',
  yellow: '#F0E442',
  blue: '#0072B2',
  vermillion: '#D55E00',
  reddishPurple: '#CC79A7',
  black: '#000000',
} as const;

/** One colour per kind of thing the map shows; the legend draws its symbols from the same values. */
export const COLOURS = {
  phone: OKABE_ITO.blue,
  cell: OKABE_ITO.vermillion,
  batch: OKABE_ITO.orange,
  inView: OKABE_ITO.reddishPurple,
  device: OKABE_ITO.bluishGreen,
  trail: OKABE_ITO.blue,
  watch: OKABE_ITO.skyBlue,
  outline: '#1b2630',
} as const;

export const deviceAccuracyStyle: L.PathOptions = {
  color: COLOURS.device,
  weight: 1,
  fillColor: COLOURS.device,
  fillOpacity: 0.12,
};

export const deviceDotStyle: L.PathOptions = {
  color: '#ffffff',
  weight: 3,
  fillColor: COLOURS.device,
  fillOpacity: 1,
};

export const trailLineStyle: L.PathOptions = {
  color: COLOURS.trail,
  weight: 3,
  opacity: 0.8,
  dashArray: '6 6',
};

export const trailPointStyle: L.PathOptions = {
  color: COLOURS.trail,
  weight: 2,
  fillColor: '#ffffff',
  fillOpacity: 1,
};

/** The area a cell serves, as its source estimates it: a dashed ring in the colour of the cell's own kind. */
export function rangeStyle(colour: string): L.PathOptions {
  return { color: colour, weight: 1.5, opacity: 0.9, dashArray: '4 4', fillColor: colour, fillOpacity: 0.06 };
}

/** An area the person watches: a long-dashed heavy ring (the CAMARA area is solid, a check's circle short-dashed). */
export const watchAreaStyle: L.PathOptions = {
  color: COLOURS.watch,
  weight: 3,
  opacity: 1,
  dashArray: '12 6',
  fillColor: COLOURS.watch,
  fillOpacity: 0.1,
};

/** A watch that ended: its ring faded and dotted, so it is not read as still watched. */
export const watchEndedStyle: L.PathOptions = {
  ...watchAreaStyle,
  opacity: 0.5,
  dashArray: '2 6',
  fillOpacity: 0.03,
};
