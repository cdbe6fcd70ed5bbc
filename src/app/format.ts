import { useCallback, useState } from 'react';
import type { Format } from '../api/types';

const STORAGE_KEY = 'cellpos.format';

function readFormat(): Format {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === 'json' ? 'json' : 'xml';
  } catch {
    return 'xml';
  }
}

/** The representation asked of the service; XML unless the person chose JSON on this device. */
export function useFormat(): [Format, (format: Format) => void] {
  const [format, setFormatState] = useState<Format>(readFormat);
  const setFormat = useCallback((next: Format) => {
    setFormatState(next);
    try {
      window.localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Storage may be unavailable (private mode); the choice then lasts for this page only.
    }
  }, []);
  return [format, setFormat];
}
