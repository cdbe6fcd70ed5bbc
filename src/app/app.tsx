import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import type { Answer } from '../api/client';
import { isApiError, type RawResponse } from '../api/errors';
import type { CellId, Format, Keys } from '../api/types';
import { BatchSection } from '../features/batch/batch-section';
import { cellQuery } from '../features/cell/cell-query';
import { CellPanel } from '../features/cell/cell-panel';
import { useDevicePosition } from '../features/cell/device-position';
import { parseView, type MapViewState } from '../features/cell/links';
import { HistoryPanel } from '../features/history/history-panel';
import { history, useHistory, type HistoryEntry } from '../features/history/history-storage';
import { useTrail } from '../features/location/use-trail';
import { cellIdProblemText } from '../i18n/cell-id-problem';
import { useKeys } from '../features/keys/keys-context';
import { KeysPanel } from '../features/keys/keys-panel';
import { LocationPanel, type RefreshSeconds } from '../features/location/location-panel';
import { locationQuery } from '../features/location/location-query';
import { useI18n } from '../i18n/i18n';
import { LOCALES, type Locale } from '../i18n/translate';
import type { BatchCells } from '../map/batch-layer';
import type { FlyTarget } from '../map/fly-to';
import { apiClient } from './api-client';
import { ErrorNotice } from './error-notice';
import { useFormat } from './format';
import { formatRoute, useRoute, type Route } from './route';
import { DEFAULT_SETTINGS, settingsQuery } from './settings';

const MapView = lazy(() => import('../map/map-view').then((m) => ({ default: m.MapView })));
const RawResponseView = lazy(() => import('./raw-response').then((m) => ({ default: m.RawResponseView })));

type Focus = 'phone' | 'cell';

function cellLabel(id: CellId): string {
  return `${id.mcc}/${id.mnc}/${id.cellid}`;
}

/** The newest thing that came over the wire for one query: its data's answer or its error's. */
function lastRaw<T>(query: UseQueryResult<Answer<T>>): RawResponse | 'no-answer' | undefined {
  if (query.error !== null && query.errorUpdatedAt >= query.dataUpdatedAt) {
    return isApiError(query.error) && query.error.raw ? query.error.raw : 'no-answer';
  }
  return query.data?.raw;
}

function secretsOf(keys: Keys | null): string[] {
  return keys ? [keys.serviceKey, keys.userKey] : [];
}

export function App() {
  const { t } = useI18n();
  const settingsResult = useQuery(settingsQuery());
  const settings = settingsResult.data ?? DEFAULT_SETTINGS;
  const { keys, remembered, save, forget } = useKeys();
  const [format, setFormat] = useFormat();
  const [route, go] = useRoute();
  const queryClient = useQueryClient();

  const [keysEditing, setKeysEditing] = useState(false);
  const [keysFocus, setKeysFocus] = useState(0);
  const [locating, setLocating] = useState(false);
  const [refreshSeconds, setRefreshSeconds] = useState<RefreshSeconds>(0);
  const [focus, setFocus] = useState<Focus>(route.name === 'cell' ? 'cell' : 'phone');
  const [flyCount, setFlyCount] = useState(0);
  const [shown, setShown] = useState<HistoryEntry | null>(null);
  const [batchCells, setBatchCells] = useState<BatchCells | undefined>(undefined);

  // Following the address bar (back/forward, a lookup): a cell in the URL takes the map's attention.
  const path = formatRoute(route);
  const [seenPath, setSeenPath] = useState(path);
  if (seenPath !== path) {
    setSeenPath(path);
    setShown(null);
    if (route.name === 'cell') setFocus('cell');
  }

  const cellId = route.name === 'cell' ? route.id : null;
  const location = useQuery({
    ...locationQuery(apiClient, keys, format),
    enabled: locating,
    refetchInterval: refreshSeconds > 0 ? refreshSeconds * 1000 : false,
    refetchIntervalInBackground: false,
  });
  const cell = useQuery(cellQuery(apiClient, keys, cellId, format));
  const [device, compareDevice] = useDevicePosition();
  const historyEntries = useHistory();
  const [initialView] = useState(() => parseView(window.location.search));
  const [view, setView] = useState<MapViewState | undefined>(undefined);
  const trail = useTrail(location.data?.data, location.dataUpdatedAt);

  // Every answer goes to the history (never keys); the same answer again only moves to the top.
  const cellAnswer = cell.data?.data;
  const phoneAnswer = location.data?.data;
  useEffect(() => {
    if (cellAnswer) history.add({ kind: 'cell', cell: cellAnswer }, cell.dataUpdatedAt || Date.now());
  }, [cellAnswer, cell.dataUpdatedAt]);
  useEffect(() => {
    if (phoneAnswer)
      history.add(
        { kind: 'location', cell: phoneAnswer.cell, msisdn: phoneAnswer.msisdn },
        location.dataUpdatedAt || Date.now(),
      );
  }, [phoneAnswer, location.dataUpdatedAt]);

  useEffect(() => {
    document.title = cellId ? t('app.title.cell', { cell: cellLabel(cellId) }) : t('app.title.home');
  }, [cellId, t]);

  const openKeys = () => {
    setKeysEditing(true);
    setKeysFocus((n) => n + 1);
  };

  const locate = () => {
    setShown(null);
    setFocus('phone');
    setFlyCount((n) => n + 1);
    if (locating) void location.refetch();
    else setLocating(true);
  };

  const lookup = (id: CellId) => {
    const next: Route = { name: 'cell', id };
    const same = formatRoute(next) === path;
    // The request leaves at the click, before React re-renders, so rendering overlaps the network wait.
    if (keys && !same) void queryClient.prefetchQuery(cellQuery(apiClient, keys, id, format));
    setShown(null);
    setFocus('cell');
    setFlyCount((n) => n + 1);
    if (same && keys) void cell.refetch();
    else go(next);
  };

  const saveKeys = (next: Keys, remember: boolean) => {
    save(next, remember);
    setKeysEditing(false);
  };

  const forgetKeys = () => {
    forget();
    setKeysEditing(false);
    setLocating(false);
    setRefreshSeconds(0);
    queryClient.removeQueries({ queryKey: ['location'] });
    queryClient.removeQueries({ queryKey: ['cell'] });
  };

  const showEntry = (entry: HistoryEntry) => {
    setShown(entry);
    setFocus('cell');
    setFlyCount((n) => n + 1);
  };

  const phone = location.data?.data;
  const found = shown ? shown.cell : cell.data?.data;
  const flyTarget: FlyTarget | undefined =
    initialView && flyCount === 0
      ? undefined
      : focus === 'phone' && phone
        ? { lat: phone.cell.position.lat, lon: phone.cell.position.lon, token: `phone ${flyCount}` }
        : focus === 'cell' && found
          ? {
              lat: found.position.lat,
              lon: found.position.lon,
              token: `cell ${cellLabel(found)} ${flyCount}`,
            }
          : undefined;

  const raw = focus === 'phone' ? lastRaw(location) : lastRaw(cell);
  const secrets = secretsOf(keys);

  const keysNotice = keys === null && cellId ? t('app.keysNotice', { cell: cellLabel(cellId) }) : undefined;

  return (
    <div className="app">
      <header className="app-header">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true" />
          <div>
            <h1>{t('app.name')}</h1>
            <p className="tagline">{t('app.tagline')}</p>
          </div>
        </div>
        <div className="header-controls">
          <LanguageField />
          <FormatField format={format} onChange={setFormat} />
        </div>
      </header>
      <main className="app-main">
        <div className="panel">
          <KeysPanel
            keys={keys}
            remembered={remembered}
            demoKeys={settings.demoKeys}
            editing={keysEditing}
            onEdit={openKeys}
            onCancel={() => setKeysEditing(false)}
            onSave={saveKeys}
            onForget={forgetKeys}
            focusToken={keysFocus}
            notice={keysNotice}
          />
          <LocationPanel
            hasKeys={keys !== null}
            started={locating}
            location={phone}
            isFetching={location.isFetching}
            updatedAt={location.dataUpdatedAt}
            refreshSeconds={refreshSeconds}
            onRefreshSecondsChange={setRefreshSeconds}
            onLocate={locate}
            onRefresh={locate}
            errorSlot={
              locating && location.isError ? (
                <ErrorNotice
                  error={location.error}
                  context={{ resource: 'location', secrets }}
                  onRetry={() => void location.refetch()}
                  onOpenKeys={openKeys}
                  retrying={location.isFetching}
                />
              ) : undefined
            }
          />
          <CellPanel
            current={route.name === 'cell' ? route.id : route.name === 'bad-cell' ? route.given : undefined}
            cell={found}
            isFetching={cell.isFetching}
            onLookup={lookup}
            notice={<RouteNotice route={route} hasKeys={keys !== null} />}
            fromHistoryAt={shown?.at}
            phone={phone?.cell.position}
            device={device}
            onCompareDevice={compareDevice}
            view={view}
            errorSlot={
              cellId && cell.isError ? (
                <ErrorNotice
                  error={cell.error}
                  context={{ resource: 'cell', cellId, secrets }}
                  onRetry={() => void cell.refetch()}
                  onOpenKeys={openKeys}
                  retrying={cell.isFetching}
                />
              ) : undefined
            }
          />
          <BatchSection client={apiClient} keys={keys} format={format} onCells={setBatchCells} />
          <HistoryPanel
            entries={historyEntries}
            onShow={showEntry}
            onRemove={(id) => {
              history.remove(id);
              if (shown?.id === id) setShown(null);
            }}
            onClear={() => {
              history.clear();
              setShown(null);
            }}
          />
          <RawPanel raw={raw} source={focus === 'phone' ? t('location.heading') : t('cell.heading')} />
        </div>
        <section className="map-wrap" aria-label={t('app.map')}>
          <Suspense fallback={<div className="map map-loading">{t('app.mapLoading')}</div>}>
            <MapView
              tiles={
                settingsResult.data
                  ? { url: settings.tileUrl, attribution: settings.tileAttribution }
                  : undefined
              }
              location={phone}
              cell={found}
              flyTarget={flyTarget}
              device={device.status === 'ok' ? device : undefined}
              trail={trail}
              initialView={initialView}
              onViewChange={setView}
              batch={batchCells}
            />
          </Suspense>
        </section>
      </main>
    </div>
  );
}

const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', fi: 'Suomi' };

function LanguageField() {
  const { locale, setLocale, t } = useI18n();
  const id = useId();
  return (
    <div className="inline-field language-field">
      <label htmlFor={id}>{t('app.language')}</label>
      <select id={id} value={locale} onChange={(e) => setLocale(e.target.value === 'fi' ? 'fi' : 'en')}>
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}

function FormatField({ format, onChange }: { format: Format; onChange(format: Format): void }) {
  const { t } = useI18n();
  const id = useId();
  return (
    <div className="inline-field format-field">
      <label htmlFor={id}>{t('app.format')}</label>
      <select id={id} value={format} onChange={(e) => onChange(e.target.value === 'json' ? 'json' : 'xml')}>
        <option value="xml">XML</option>
        <option value="json">JSON</option>
      </select>
    </div>
  );
}

function RouteNotice({ route, hasKeys }: { route: Route; hasKeys: boolean }) {
  const { t } = useI18n();
  if (route.name === 'bad-cell') {
    const problems = Object.values(route.problems)
      .map((problem) => cellIdProblemText(problem, t))
      .join(' ');
    return (
      <div className="error-notice" role="alert">
        <p className="error-title">{t('route.badCell.title')}</p>
        <p>{t('route.badCell.body', { problems })}</p>
      </div>
    );
  }
  if (route.name === 'not-found') {
    return (
      <div className="error-notice" role="alert">
        <p className="error-title">{t('route.notFound.title')}</p>
        <p>
          {t('route.notFound.body')} <a href="/">{t('route.home')}</a>
        </p>
      </div>
    );
  }
  if (route.name === 'cell' && !hasKeys) {
    return <p className="notice">{t('route.waitingKeys')}</p>;
  }
  return null;
}

function RawPanel({ raw, source }: { raw: RawResponse | 'no-answer' | undefined; source: string }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <section className="panel-section raw-section" aria-label={t('raw.heading')}>
      <details onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>{t('raw.heading')}</summary>
        <p className="muted small">{t('raw.source', { source })}</p>
        {open && (
          <Suspense fallback={<p className="muted">{t('common.loading')}</p>}>
            <RawResponseView raw={raw} />
          </Suspense>
        )}
      </details>
    </section>
  );
}
