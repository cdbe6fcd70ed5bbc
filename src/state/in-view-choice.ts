import type { Radio } from '../api/cell-facts';
import { createStore } from './store';

/** Whether the map shows the cells in view, and which of them. Kept for this tab only. */
export interface InViewChoice {
  on: boolean;
  /** One operator (mcc and mnc as the answers write them), or all. */
  operator?: { mcc: string; mnc: string };
  radio?: Radio;
}

export type InViewStore = ReturnType<typeof createInViewStore>;

export function createInViewStore() {
  const store = createStore<InViewChoice>({ on: false });
  return {
    get: store.get,
    subscribe: store.subscribe,
    toggle(on: boolean): void {
      store.set({ ...store.get(), on });
    },
    filter(filter: Pick<InViewChoice, 'operator' | 'radio'>): void {
      const { on } = store.get();
      store.set({
        on,
        ...(filter.operator !== undefined && { operator: filter.operator }),
        ...(filter.radio !== undefined && { radio: filter.radio }),
      });
    },
  };
}
