import { createStore } from './store';

export type DevicePosition =
  | { status: 'idle' }
  | { status: 'locating' }
  | { status: 'ok'; lat: number; lon: number; accuracy: number }
  | { status: 'error'; reason: 'denied' | 'unavailable' | 'timeout' | 'unsupported' };

export type DevicePositionStore = ReturnType<typeof createDevicePosition>;

/** This device's own position from the browser's Geolocation API, asked only when the person presses the button. */
export function createDevicePosition() {
  const store = createStore<DevicePosition>({ status: 'idle' });
  /* A position asked for by one user is not the next one's: an answer that comes after a reset is dropped. */
  let asked = 0;
  return {
    ...store,
    reset(): void {
      asked += 1;
      store.set({ status: 'idle' });
    },
    request(): void {
      const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
      if (!geolocation) {
        store.set({ status: 'error', reason: 'unsupported' });
        return;
      }
      store.set({ status: 'locating' });
      const ask = ++asked;
      geolocation.getCurrentPosition(
        (p) => {
          if (ask !== asked) return;
          store.set({
            status: 'ok',
            lat: p.coords.latitude,
            lon: p.coords.longitude,
            accuracy: p.coords.accuracy,
          });
        },
        (error) => {
          if (ask !== asked) return;
          const reason =
            error.code === error.PERMISSION_DENIED
              ? 'denied'
              : error.code === error.TIMEOUT
                ? 'timeout'
                : 'unavailable';
          store.set({ status: 'error', reason });
        },
        { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
      );
    },
  };
}
