import L from 'leaflet';
import type Supercluster from 'supercluster';
import type { ClusterFeature, PointFeature } from 'supercluster';
import { worldBox } from './geo';
import { rangeStyle } from './palette';

export type ClusterKind = 'batch' | 'in-view';

export interface ClusterLayerOptions<T> {
  kind: ClusterKind;
  colour: string;
  position(item: T): { lat: number; lon: number };
  /** One item's marker: its accessible name and tooltip. */
  itemTitle(item: T): string;
  /** A group's marker: its accessible name, from how many items it holds. */
  groupTitle(count: number): string;
  /** A click (or Enter) on one item's marker. */
  onItem(item: T, at: L.LatLng): void;
  /** Metres around an item to ring from RANGE_ZOOM on; undefined draws no ring. */
  range?(item: T): number | undefined;
}

/** Range rings are drawn from this zoom on (a town's streets), where they no longer hide each other. */
export const RANGE_ZOOM = 12;

type Props = { i: number };
type Feature = ClusterFeature<Props> | PointFeature<Props>;
type SuperclusterClass = typeof Supercluster<Props, Props>;

let library: Promise<SuperclusterClass> | undefined;

/** supercluster is loaded with the first clustered layer, never with the first visit. */
export function loadSupercluster(): Promise<SuperclusterClass> {
  library ??= import('supercluster').then((module) => module.default as SuperclusterClass);
  return library;
}

const isCluster = (feature: Feature): feature is ClusterFeature<Props> =>
  'cluster' in feature.properties && feature.properties.cluster === true;

export function groupSize(count: number): 'small' | 'medium' | 'large' {
  if (count < 100) return 'small';
  return count < 10_000 ? 'medium' : 'large';
}

export const GROUP_PIXELS = { small: 32, medium: 40, large: 48 } as const;

/**
 * Items clustered with supercluster and drawn as markers: a group as a numbered marker (a click zooms in to where
 * it splits), a lone item as a small marker of its kind's shape. Clustering keeps what is drawn to a few hundred
 * markers whatever the count, so each one can be a real element a keyboard reaches and a screen reader names;
 * the range rings go on one canvas. Redrawn after every move.
 */
export class ClusterLayer<T> {
  private index: Supercluster<Props, Props> | null = null;
  private items: readonly T[] = [];
  private readonly markers = L.layerGroup();
  private readonly rings = L.layerGroup();
  private readonly renderer = L.canvas({ padding: 0.5 });
  private drawn = new Map<string, L.Marker>();
  private builtAt = 0;
  private buildMs = 0;
  private pending: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly map: L.Map,
    private readonly Cluster: SuperclusterClass,
    private readonly options: ClusterLayerOptions<T>,
  ) {
    this.rings.addTo(map);
    this.markers.addTo(map);
    map.on('moveend', this.draw, this);
  }

  /**
   * Clusters `items`. A large set that keeps changing is clustered again no more often than every five times its
   * last build took, so a growing 100,000-cell batch leaves the page responsive.
   */
  setItems(items: readonly T[]): void {
    if (items === this.items) return;
    clearTimeout(this.pending);
    const wait = this.builtAt + this.buildMs * 5 - performance.now();
    if (wait > 0 && this.index !== null) {
      this.pending = setTimeout(() => this.setItems(items), wait);
      return;
    }
    const started = performance.now();
    const points: Array<PointFeature<Props>> = [];
    for (let i = 0; i < items.length; i++) {
      const { lat, lon } = this.options.position(items[i] as T);
      points.push({
        type: 'Feature',
        properties: { i },
        geometry: { type: 'Point', coordinates: [lon, lat] },
      });
    }
    this.index = new this.Cluster({ radius: 56, maxZoom: 16, minPoints: 3 }).load(points);
    this.items = items;
    this.builtAt = performance.now();
    this.buildMs = this.builtAt - started;
    this.clear();
    this.draw();
  }

  remove(): void {
    clearTimeout(this.pending);
    this.map.off('moveend', this.draw, this);
    this.markers.remove();
    this.rings.remove();
  }

  private clear(): void {
    this.markers.clearLayers();
    this.drawn = new Map();
  }

  private draw(): void {
    const index = this.index;
    if (index === null) return;
    const zoom = Math.round(this.map.getZoom());
    const features = index.getClusters(worldBox(this.map.getBounds().pad(0.2)), zoom);
    const next = new Map<string, L.Marker>();
    this.rings.clearLayers();
    for (const feature of features) {
      const key = isCluster(feature) ? `g${feature.properties.cluster_id}` : `i${feature.properties.i}`;
      const marker = this.drawn.get(key) ?? this.markerFor(feature);
      if (!this.drawn.has(key)) this.markers.addLayer(marker);
      next.set(key, marker);
      if (!isCluster(feature) && zoom >= RANGE_ZOOM) this.ring(feature.properties.i);
    }
    for (const [key, marker] of this.drawn) if (!next.has(key)) this.markers.removeLayer(marker);
    this.drawn = next;
  }

  private ring(i: number): void {
    const item = this.items[i] as T;
    const metres = this.options.range?.(item);
    if (metres === undefined || !(metres > 0)) return;
    const { lat, lon } = this.options.position(item);
    this.rings.addLayer(
      L.circle([lat, lon], {
        ...rangeStyle(this.options.colour),
        radius: metres,
        renderer: this.renderer,
        interactive: false,
        className: `range-ring range-ring--${this.options.kind}`,
      }),
    );
  }

  private markerFor(feature: Feature): L.Marker {
    const [lon = 0, lat = 0] = feature.geometry.coordinates;
    const { kind } = this.options;
    if (isCluster(feature)) {
      const { point_count: count, point_count_abbreviated: short, cluster_id: id } = feature.properties;
      const size = groupSize(count);
      const label = document.createElement('span');
      label.textContent = String(short);
      label.setAttribute('aria-hidden', 'true');
      const marker = L.marker([lat, lon], {
        icon: L.divIcon({
          html: label,
          className: `cluster-group cluster-group--${kind} cluster-group--${size}`,
          iconSize: [GROUP_PIXELS[size], GROUP_PIXELS[size]],
        }),
        title: this.options.groupTitle(count),
        keyboard: true,
      });
      marker.on('add', () => marker.getElement()?.setAttribute('aria-label', this.options.groupTitle(count)));
      marker.on('click', () => this.zoomInto(id, marker.getLatLng()));
      return marker;
    }
    const item = this.items[feature.properties.i] as T;
    const marker = L.marker([lat, lon], {
      icon: L.divIcon({ html: '', className: `cluster-item cluster-item--${kind}`, iconSize: [16, 16] }),
      title: this.options.itemTitle(item),
      keyboard: true,
      riseOnHover: true,
    });
    marker.on('click', () => this.options.onItem(item, marker.getLatLng()));
    return marker;
  }

  private zoomInto(id: number, at: L.LatLng): void {
    const zoom = Math.min(
      this.index?.getClusterExpansionZoom(id) ?? this.map.getZoom() + 2,
      this.map.getMaxZoom(),
    );
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    if (reduce) this.map.setView(at, zoom);
    else this.map.flyTo(at, zoom, { duration: 0.6 });
  }
}
