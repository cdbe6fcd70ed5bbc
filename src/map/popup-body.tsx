import type { Cell } from '../api/types';

/** What a marker's popup says of its cell: what kind of marker, the name, the coordinates as sent. */
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
