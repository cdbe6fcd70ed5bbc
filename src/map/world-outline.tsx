import type { FeatureCollection } from 'geojson';
import { useEffect, useState } from 'react';
import { GeoJSON, Pane } from 'react-leaflet';

async function loadOutline(): Promise<FeatureCollection> {
  const [{ feature }, atlas] = await Promise.all([
    import('topojson-client'),
    import('world-atlas/countries-110m.json'),
  ]);
  const topology = atlas.default as unknown as Parameters<typeof feature>[0];
  const countries = topology.objects.countries;
  if (countries === undefined) throw new Error('world-atlas has no countries object');
  return feature(topology, countries) as FeatureCollection;
}

const style = { color: '#7d8f99', weight: 0.8, fillColor: '#eef1ec', fillOpacity: 1 };

/** Countries drawn beneath the tiles, so positions still make sense when tiles cannot load. */
export function WorldOutline() {
  const [data, setData] = useState<FeatureCollection | null>(null);
  useEffect(() => {
    let live = true;
    loadOutline().then(
      (outline) => live && setData(outline),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <Pane name="outline" className="outline-pane">
      {data && <GeoJSON data={data} style={style} interactive={false} />}
    </Pane>
  );
}
