import type { Cell } from '../api/types';

export function PopupBody({ kicker, cell }: { kicker: string; cell: Cell }) {
  return (
    <>
      <p className="popup-kicker">{kicker}</p>
      <p className="popup-title">{cell.name}</p>
      <p className="popup-meta">
        {cell.lat}, {cell.lon}
      </p>
    </>
  );
}
