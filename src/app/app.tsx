import './layout.css';
import { lazy, Suspense } from 'react';
import { CellPanel } from '../features/cell/cell-panel';
import { BatchSection } from '../features/batch/batch-section';
import { HistoryPanel } from '../features/history/history-panel';
import { KeysPanel } from '../features/keys/keys-panel';
import { LocationPanel } from '../features/location/location-panel';
import { PhoneDistance } from '../features/location/phone-distance';
import type { LatLon } from '../map/geo';
import { AppHeader } from './app-header';
import { AppStatus } from './app-status';
import { HistoryRecorder } from './history-recorder';
import { DocumentTitle } from './document-title';
import { MapSection, SkipToMap } from './map-section';
import { RawPanel } from './raw-panel';
import { useSettings } from '../state/settings';

const fromPhone = (to: LatLon) => <PhoneDistance to={to} />;

/* Only a service whose Location read a CAMARA operator answers needs these: the others never load them. */
const CamaraPanels = lazy(() => import('../features/camara/camara-panels'));
/* "Watch my phone" beside the store's Locate, where the service watches its own users' phones (demo mode). */
const OwnWatchPanel = lazy(() => import('../features/camara/own-watch-panel'));

/** The page: the panels beside the map. Each panel reads what it shows itself; nothing here changes. */
export function App() {
  // Where "Locate my phone" is answered: the service's own read when a CAMARA operator answers it.
  const { settings } = useSettings();
  const camara = settings.locationSource === 'camara';
  return (
    <div className="app">
      <SkipToMap />
      <DocumentTitle />
      <HistoryRecorder />
      <AppHeader />
      <AppStatus />
      <main className="app-main">
        <div className="panel">
          <KeysPanel />
          {camara ? (
            <Suspense fallback={null}>
              <CamaraPanels />
            </Suspense>
          ) : (
            <>
              <LocationPanel />
              {settings.watches === true && (
                <Suspense fallback={null}>
                  <OwnWatchPanel />
                </Suspense>
              )}
            </>
          )}
          <CellPanel fromPhone={fromPhone} />
          <BatchSection />
          <HistoryPanel />
          <RawPanel />
        </div>
        <MapSection />
      </main>
    </div>
  );
}
