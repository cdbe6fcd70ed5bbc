import { CircleMarker, useMapEvents } from 'react-leaflet';
import { useMapPick, useSession } from '../state/session';
import { COLOURS } from './palette';

const pickStyle = { color: COLOURS.outline, weight: 3, fillColor: '#ffffff', fillOpacity: 1 };

/** While a panel asks for a point, a click on the map chooses it; the point chosen is marked. */
export function MapPick() {
  const { pick } = useSession();
  const { armed, point } = useMapPick();
  useMapEvents({
    click(event) {
      if (pick.get().armed) pick.choose({ lat: event.latlng.lat, lon: event.latlng.lng });
    },
  });
  if (!armed || point === undefined) return null;
  return (
    <CircleMarker
      center={[point.lat, point.lon]}
      radius={6}
      pathOptions={pickStyle}
      className="map-pick"
      interactive={false}
    />
  );
}
