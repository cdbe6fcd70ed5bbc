import { keyFingerprint } from '../api/keys';
import { useCellAnswer } from '../features/cell/use-cell-lookup';
import { useHistoryFollowsKeys } from '../features/history/use-history-follows-keys';
import { useRecordAnswers } from '../features/history/use-record-answers';
import { usePhone } from '../features/location/use-location';
import { useKeys } from '../state/session';

/** The history may not import the features that read: the app hands it their answers (and their keys' place). */
export function HistoryRecorder() {
  useHistoryFollowsKeys();
  const phone = usePhone();
  const { query: cell } = useCellAnswer();
  const keys = useKeys();
  useRecordAnswers(
    { answer: phone.data?.data, at: phone.dataUpdatedAt },
    { answer: cell.data?.data, at: cell.dataUpdatedAt, facts: cell.data?.facts },
    keys === null ? null : keyFingerprint(keys),
  );
  return null;
}
