import { useCallback, useEffect, useRef, useState } from 'react';

export type DevicePosition =
  | { status: 'idle' }
  | { status: 'locating' }
  | { status: 'ok'; lat: number; lon: number; accuracy: number }
  | { status: 'error'; reason: 'denied' | 'unavailable' | 'timeout' | 'unsupported' };

/** This device's own position from the browser's Geolocation API, asked only when the person presses the button. */
export function useDevicePosition(): [DevicePosition, () => void] {
  const [position, setPosition] = useState<DevicePosition>({ status: 'idle' });
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  const request = useCallback(() => {
    const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
    if (!geolocation) {
      setPosition({ status: 'error', reason: 'unsupported' });
      return;
    }
    setPosition({ status: 'locating' });
    geolocation.getCurrentPosition(
      (p) => {
        if (live.current)
          setPosition({
            status: 'ok',
            lat: p.coords.latitude,
            lon: p.coords.longitude,
            accuracy: p.coords.accuracy,
          });
      },
      (error) => {
        if (!live.current) return;
        const reason =
          error.code === error.PERMISSION_DENIED
            ? 'denied'
            : error.code === error.TIMEOUT
              ? 'timeout'
              : 'unavailable';
        setPosition({ status: 'error', reason });
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  }, []);
  return [position, request];
}
