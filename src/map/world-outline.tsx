import L from 'leaflet';
import { useEffect } from 'react';
import { Pane, useMap } from 'react-leaflet';
import type { feature } from 'topojson-client';
import { inSlices } from '../paint/later';
import { splitAtAntimeridian } from './antimeridian';

type ToFeature = typeof feature;
type Topology = Parameters<ToFeature>[0];
type GeometryObject = Exclude<Parameters<ToFeature>[1], string>;

/** The countries, still in TopoJSON: each becomes GeoJSON only when it is drawn. */
async function loadOutline(): Promise<{
  topology: Topology;
  countries: GeometryObject[];
  toFeature: ToFeature;
}> {
  const [{ feature }, atlas] = await Promise.all([
    import('topojson-client'),
    import('world-atlas/countries-110m.json'),
  ]);
  const topology = atlas.default as unknown as Topology;
  const countries = topology.objects.countries;
  if (countries === undefined || countries.type !== 'GeometryCollection') {
    throw new Error('world-atlas has no countries collection');
  }
  return { topology, countries: countries.geometries, toFeature: feature };
}

const PANE = 'outline';
const style = { color: '#7d8f99', weight: 0.8, fillColor: '#eef1ec', fillOpacity: 1 };

/**
 * Countries drawn beneath the tiles, so positions still make sense when tiles cannot load. Made and drawn a few
 * countries at a time (inSlices), so that no task is long on a phone; those across the 180° meridian cut there
 * (antimeridian.ts), as a flat map draws them.
 */
export function WorldOutline() {
  return (
    <Pane name={PANE} className="outline-pane">
      <OutlineLayer />
    </Pane>
  );
}

function OutlineLayer() {
  const map = useMap();
  useEffect(() => {
    const layer = L.geoJSON(undefined, { pane: PANE, style, interactive: false }).addTo(map);
    let stop = () => undefined as void;
    let live = true;
    loadOutline().then(
      ({ topology, countries, toFeature }) => {
        if (!live) return;
        stop = inSlices(countries, (country) => {
          const drawn = toFeature(topology, country);
          layer.addData(drawn.type === 'Feature' ? splitAtAntimeridian(drawn) : drawn);
        });
      },
      () => undefined,
    );
    return () => {
      live = false;
      stop();
      layer.remove();
    };
  }, [map]);
  return null;
}
