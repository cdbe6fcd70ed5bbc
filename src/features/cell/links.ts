import type { Cell, CellId } from '../../api/types';

export interface MapViewState {
  lat: number;
  lon: number;
  zoom: number;
}

/** The deep link of a cell: its path in this app, decimal cell id, never keys; optionally the map view. */
export function cellLink(origin: string, id: CellId, view?: MapViewState): string {
  const path = `/cell/${encodeURIComponent(id.mcc)}/${encodeURIComponent(id.mnc)}/${encodeURIComponent(id.cellid)}`;
  return `${origin}${path}${view ? `?view=${formatView(view)}` : ''}`;
}

export function formatView(view: MapViewState): string {
  return `${view.lat.toFixed(5)},${view.lon.toFixed(5)},${Math.round(view.zoom)}`;
}

/** `?view=lat,lon,zoom` as a shared link carries it; anything out of range or odd is ignored. */
export function parseView(search: string): MapViewState | undefined {
  const value = new URLSearchParams(search).get('view');
  if (value === null) return undefined;
  const parts = value.split(',');
  if (parts.length !== 3 || parts.some((part) => !/^-?\d+(\.\d+)?$/.test(part.trim()))) return undefined;
  const [lat, lon, zoom] = parts.map(Number) as [number, number, number];
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180 || !Number.isInteger(zoom) || zoom < 0 || zoom > 19)
    return undefined;
  return { lat, lon, zoom };
}

/** Coordinates as the service sent them. */
export function coordinatesText(cell: Cell): string {
  return `${cell.lat}, ${cell.lon}`;
}

export function openStreetMapUrl(cell: Cell): string {
  const { lat, lon } = cell.position;
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=15/${lat}/${lon}`;
}

/** OpenCelliD's map has no link by cell id; its map link centres on a position. */
export function openCellIdUrl(cell: Cell): string {
  const { lat, lon } = cell.position;
  return `https://opencellid.org/#zoom=16&lat=${lat}&lon=${lon}`;
}

/** CellMapper's map by network and position; the radio type is a guess (LTE), as the API does not say it. */
export function cellMapperUrl(cell: Cell): string {
  const { lat, lon } = cell.position;
  const params = new URLSearchParams({
    MCC: cell.mcc,
    MNC: cell.mnc,
    type: 'LTE',
    latitude: String(lat),
    longitude: String(lon),
    zoom: '15',
  });
  return `https://www.cellmapper.net/map?${params.toString()}`;
}
