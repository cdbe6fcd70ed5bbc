import type { Keys } from '../api/types';
import { forgetKeys, KEYS_STORAGE_KEY, loadKeys, loadRememberedKeys, saveKeys } from './keys-storage';
import { createStore } from './store';

export interface KeysState {
  keys: Keys | null;
  remembered: boolean;
  /** The keys form is open while keys are saved (to change them). */
  editing: boolean;
  /** How often something (Change keys, a 401's Check keys) asked for the form: each time it takes focus. */
  formRequests: number;
}

export type KeysStore = ReturnType<typeof createKeysStore>;

export function createKeysStore(onForget: () => void) {
  const stored = loadKeys();
  const store = createStore<KeysState>({
    keys: stored?.keys ?? null,
    remembered: stored?.remembered ?? false,
    editing: false,
    formRequests: 0,
  });
  const update = (change: Partial<KeysState>) => store.set({ ...store.get(), ...change });
  /* Keys remembered on this device are the device's: when another tab forgets them or saves others, a tab that
     holds remembered keys (or none) follows, so it does not go on showing or keeping answers under them. Keys
     kept for this tab only are this tab's. */
  const followOtherTabs = (event: StorageEvent) => {
    if (event.key !== KEYS_STORAGE_KEY && event.key !== null) return;
    const state = store.get();
    if (state.keys !== null && !state.remembered) return;
    const remembered = loadRememberedKeys();
    if (remembered === undefined) {
      if (state.keys === null) return;
      update({ keys: null, remembered: false, editing: false });
      onForget();
    } else if (
      state.keys?.serviceKey !== remembered.serviceKey ||
      state.keys.userKey !== remembered.userKey
    ) {
      update({ keys: remembered, remembered: true, editing: false });
      onForget();
    }
  };
  window.addEventListener('storage', followOtherTabs);
  return {
    ...store,
    /** Stops following other tabs (for tests, which make many stores). */
    dispose(): void {
      window.removeEventListener('storage', followOtherTabs);
    },
    save(keys: Keys, remember: boolean): void {
      saveKeys(keys, remember);
      update({ keys, remembered: remember, editing: false });
    },
    /** Forgets the keys everywhere, and with them every answer read with them. */
    forget(): void {
      forgetKeys();
      update({ keys: null, remembered: false, editing: false });
      onForget();
    },
    openForm(): void {
      update({ editing: true, formRequests: store.get().formRequests + 1 });
    },
    closeForm(): void {
      update({ editing: false });
    },
  };
}
