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
  /**
   * Whose work the tab holds: counts up each time the keys are forgotten or replaced by other keys (here or,
   * for remembered keys, in another tab). What a feature keeps of a user (a trail, a batch) starts again then.
   */
  user: number;
  /** The person's last act on the keys in this tab, counted, so what shows its outcome can take focus. */
  acted: { what: 'saved' | 'kept' | 'forgotten'; count: number } | null;
}

export type KeysStore = ReturnType<typeof createKeysStore>;

const sameKeys = (a: Keys | null, b: Keys): boolean =>
  a !== null && a.serviceKey === b.serviceKey && a.userKey === b.userKey;

export function createKeysStore(onForget: () => void) {
  const stored = loadKeys();
  const store = createStore<KeysState>({
    keys: stored?.keys ?? null,
    remembered: stored?.remembered ?? false,
    editing: false,
    formRequests: 0,
    user: 0,
    acted: null,
  });
  const update = (change: Partial<KeysState>) => store.set({ ...store.get(), ...change });
  /** Another user from now on: what was read or kept for the one before goes first. */
  const nextUser = (change: Partial<KeysState>) => {
    onForget();
    update({ ...change, user: store.get().user + 1 });
  };
  const act = (what: NonNullable<KeysState['acted']>['what']) => ({
    what,
    count: (store.get().acted?.count ?? 0) + 1,
  });
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
      nextUser({ keys: null, remembered: false, editing: false });
    } else if (!sameKeys(state.keys, remembered)) {
      nextUser({ keys: remembered, remembered: true, editing: false });
    }
  };
  window.addEventListener('storage', followOtherTabs);
  return {
    ...store,
    /** Stops following other tabs (for tests, which make many stores). */
    dispose(): void {
      window.removeEventListener('storage', followOtherTabs);
    },
    /** Keeps the keys; other keys than those held are another user's, and the previous one's work goes. */
    save(keys: Keys, remember: boolean): void {
      const previous = store.get().keys;
      saveKeys(keys, remember);
      const change = { keys, remembered: remember, editing: false, acted: act('saved') };
      if (previous !== null && !sameKeys(previous, keys)) nextUser(change);
      else update(change);
    },
    /** Forgets the keys everywhere, and with them every answer read with them and all work under way. */
    forget(): void {
      forgetKeys();
      nextUser({ keys: null, remembered: false, editing: false, acted: act('forgotten') });
    },
    openForm(): void {
      update({ editing: true, formRequests: store.get().formRequests + 1 });
    },
    /** Closes the form, keeping the keys as they were. */
    closeForm(): void {
      update({ editing: false, acted: act('kept') });
    },
  };
}
