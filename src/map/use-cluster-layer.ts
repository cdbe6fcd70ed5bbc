import { useEffect, useRef, useState } from 'react';
import { useMap } from 'react-leaflet';
import { ClusterLayer, loadSupercluster, type ClusterLayerOptions } from './cluster-layer';

type Loaded = Awaited<ReturnType<typeof loadSupercluster>>;

/**
 * A clustered layer on the map for `items` (the first `count`). `options` must keep its identity while nothing
 * in it changes (useMemo): new options (a new language, say) make the layer anew.
 */
export function useClusterLayer<T>(
  items: readonly T[] | undefined,
  count: number,
  options: ClusterLayerOptions<T>,
): void {
  const map = useMap();
  const [Cluster, setCluster] = useState<Loaded | null>(null);
  const layer = useRef<ClusterLayer<T> | null>(null);
  const latest = useRef({ items, count });

  useEffect(() => {
    latest.current = { items, count };
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
    const { items: now = [], count: shown } = latest.current;
    made.setItems(now, Math.min(shown, now.length));
    layer.current = made;
    return () => {
      made.remove();
      layer.current = null;
    };
  }, [map, Cluster, options]);

  useEffect(() => {
    layer.current?.setItems(items ?? [], items === undefined ? 0 : count);
  }, [items, count]);
}
