import type { Cell } from '../api/types';
import { useI18n } from '../i18n/i18n';

export function PopupBody({ kicker, cell }: { kicker: string; cell: Cell }) {
  const { formatCoordinates } = useI18n();
  return (
    <>
      <p className="popup-kicker">{kicker}</p>
      <p className="popup-title">{cell.name}</p>
      <p className="popup-meta">{formatCoordinates(cell.lat, cell.lon)}</p>
    </>
  );
}
