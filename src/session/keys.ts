import type { Keys } from '../api/types';
import { forgetKeys, loadKeys, saveKeys } from './keys-storage';
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
  return {
    ...store,
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
