import { useEffect, useRef } from 'react';
import type { Cell } from '../../api/types';

export function CellDetails({ cell }: { cell: Cell }) {
  const ref = useRef<HTMLDivElement>(null);
  const label = `${cell.mcc}/${cell.mnc}/${cell.cellid}`;
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [label]);
  return (
    <div className="result" ref={ref}>
      <p className="result-title">{cell.name}</p>
      <dl className="fields">
        <dt>Name</dt>
        <dd>{cell.name}</dd>
        <dt>Latitude</dt>
        <dd className="mono">{cell.lat}</dd>
        <dt>Longitude</dt>
        <dd className="mono">{cell.lon}</dd>
        <dt>MCC</dt>
        <dd className="mono">{cell.mcc}</dd>
        <dt>MNC</dt>
        <dd className="mono">{cell.mnc}</dd>
        <dt>LAC</dt>
        <dd className="mono">{cell.lac}</dd>
        <dt>Cell ID</dt>
        <dd className="mono">{cell.cellid}</dd>
      </dl>
    </div>
  );
}
