import { keyFingerprint } from '../api/keys';
import { useCamaraAnswer } from '../features/camara/use-camara';
import { useCellAnswer } from '../features/cell/use-cell-lookup';
import { useHistoryFollowsKeys } from '../features/history/use-history-follows-keys';
import { useRecordAnswers, useRecordCamaraAnswer } from '../features/history/use-record-answers';
import { usePhone } from '../features/location/use-location';
import { useKeys } from '../state/session';

/** The history may not import the features that read: the app hands it their answers (and their keys' place). */
export function HistoryRecorder() {
  useHistoryFollowsKeys();
  const phone = usePhone();
  const { query: cell } = useCellAnswer();
  const keys = useKeys();
  const owner = keys === null ? null : keyFingerprint(keys);
  useRecordAnswers(
    { answer: phone.data?.data, at: phone.dataUpdatedAt },
    { answer: cell.data?.data, at: cell.dataUpdatedAt, facts: cell.data?.facts },
    owner,
  );
  useRecordCamaraAnswer(useCamaraAnswer('locate'), owner);
  useRecordCamaraAnswer(useCamaraAnswer('verify'), owner);
  return null;
}
