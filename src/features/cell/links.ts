import type { Cell, CellHints, CellId } from '../../api/types';
import { cellPath, formatView, type MapViewState } from '../../routing/route';

/** The deep link of a cell: its path in this app (with the lookup's LAC and radio), never keys; optionally the view. */
export function cellLink(origin: string, id: CellId, view?: MapViewState, hints?: CellHints): string {
  const path = cellPath({ mcc: id.mcc, mnc: id.mnc, cellid: id.cellid }, hints);
  return `${origin}${path}${view ? `${path.includes('?') ? '&' : '?'}view=${formatView(view)}` : ''}`;
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
