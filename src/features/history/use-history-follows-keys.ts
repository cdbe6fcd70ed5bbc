import { useEffect } from 'react';
import { keyFingerprint } from '../../api/keys';
import { useKeysState } from '../../state/session';
import { history } from './history-storage';

/** The history is kept where the keys are, belongs to them, and goes when they are forgotten. */
export function useHistoryFollowsKeys(): void {
  const { keys, remembered } = useKeysState();
  useEffect(() => {
    history.follow(
      keys === null
        ? { place: 'none', owner: null }
        : { place: remembered ? 'local' : 'session', owner: keyFingerprint(keys) },
    );
  }, [keys, remembered]);
}
