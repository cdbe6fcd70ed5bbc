import { useCellAnswer } from '../features/cell/use-cell-lookup';
import { useRecordAnswers } from '../features/history/use-record-answers';
import { usePhone } from '../features/location/use-location';

/** Hands the answers of "My phone" and "Look up a cell" to the history, which keeps them. */
export function HistoryRecorder() {
  const phone = usePhone();
  const { query: cell } = useCellAnswer();
  useRecordAnswers(
    { answer: phone.data?.data, at: phone.dataUpdatedAt },
    { answer: cell.data?.data, at: cell.dataUpdatedAt },
  );
  return null;
}
