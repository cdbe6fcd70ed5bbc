import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import type { Keys } from '../../api/types';
import { forgetKeys, loadKeys, saveKeys, type StoredKeys } from './keys-storage';

interface KeysValue {
  keys: Keys | null;
  remembered: boolean;
  save(keys: Keys, remember: boolean): void;
  forget(): void;
}

const KeysContext = createContext<KeysValue | null>(null);

export function KeysProvider({ children }: { children: ReactNode }) {
  const [stored, setStored] = useState<StoredKeys | undefined>(loadKeys);
  const save = useCallback((keys: Keys, remember: boolean) => {
    saveKeys(keys, remember);
    setStored({ keys, remembered: remember });
  }, []);
  const forget = useCallback(() => {
    forgetKeys();
    setStored(undefined);
  }, []);
  const value = useMemo(
    () => ({ keys: stored?.keys ?? null, remembered: stored?.remembered ?? false, save, forget }),
    [stored, save, forget],
  );
  return <KeysContext value={value}>{children}</KeysContext>;
}

export function useKeys(): KeysValue {
  const value = use(KeysContext);
  if (value === null) throw new Error('useKeys() must be used inside <KeysProvider>.');
  return value;
}
