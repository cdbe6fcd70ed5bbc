import { useEffect, useRef, useState } from 'react';
import { useMap } from 'react-leaflet';
import { ClusterLayer, loadSupercluster, type ClusterLayerOptions } from './cluster-layer';

type Loaded = Awaited<ReturnType<typeof loadSupercluster>>;

/**
 * A clustered layer on the map for `items`. `options` must keep its identity while nothing in it changes
 * (useMemo): new options (a new language, say) make the layer anew.
 */
export function useClusterLayer<T>(items: readonly T[], options: ClusterLayerOptions<T>): void {
  const map = useMap();
  const [Cluster, setCluster] = useState<Loaded | null>(null);
  const layer = useRef<ClusterLayer<T> | null>(null);
  const latest = useRef(items);

  useEffect(() => {
    latest.current = items;
  });

  useEffect(() => {
    let live = true;
    loadSupercluster().then(
      (loaded) => live && setCluster(() => loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (Cluster === null) return;
    const made = new ClusterLayer(map, Cluster, options);
    made.setItems(latest.current);
    layer.current = made;
    return () => {
      made.remove();
      layer.current = null;
    };
  }, [map, Cluster, options]);

  useEffect(() => {
    layer.current?.setItems(items);
  }, [items]);
}
