import { PIN_URLS } from './marker-icons';
import { COLOURS } from './palette';

/* The legend's symbols, drawn from the same colours and shapes as the map's own markers (map.css styles those). */

const box = { width: 28, height: 28, viewBox: '0 0 28 28', 'aria-hidden': true, focusable: false } as const;

export const PhoneSymbol = () => <img src={PIN_URLS.phone} alt="" width={15} height={25} />;

export const CellSymbol = () => <img src={PIN_URLS.cell} alt="" width={15} height={25} />;

/** One cell of a clustered layer, in its kind's colour: a square, turned into a diamond for the cells in view. */
const ItemSymbol = ({ colour, diamond = false }: { colour: string; diamond?: boolean }) => (
  <svg {...box}>
    <rect
      x="8"
      y="8"
      width="12"
      height="12"
      transform={diamond ? 'rotate(45 14 14)' : undefined}
      fill={colour}
      stroke={COLOURS.outline}
      strokeWidth="1.5"
    />
  </svg>
);

export const InViewSymbol = () => <ItemSymbol colour={COLOURS.inView} diamond />;

export const BatchSymbol = () => <ItemSymbol colour={COLOURS.batch} />;

export const GroupSymbol = () => (
  <svg {...box}>
    <circle cx="14" cy="14" r="12" fill={COLOURS.inView} stroke={COLOURS.outline} strokeWidth="1.5" />
    <text x="14" y="18.5" textAnchor="middle" fontSize="12" fontWeight="700" fill="#000">
      12
    </text>
  </svg>
);

export const DeviceSymbol = () => (
  <svg {...box}>
    <circle cx="14" cy="14" r="12" fill={COLOURS.device} fillOpacity="0.15" stroke={COLOURS.device} />
    <circle cx="14" cy="14" r="6" fill={COLOURS.device} stroke="#fff" strokeWidth="3" />
  </svg>
);

export const RangeSymbol = () => (
  <svg {...box}>
    <circle
      cx="14"
      cy="14"
      r="11"
      fill={COLOURS.cell}
      fillOpacity="0.08"
      stroke={COLOURS.cell}
      strokeWidth="1.5"
      strokeDasharray="4 4"
    />
    <circle cx="14" cy="14" r="2.5" fill={COLOURS.cell} />
  </svg>
);

export const TrailSymbol = () => (
  <svg {...box}>
    <path d="M3 22 L14 10 L25 16" fill="none" stroke={COLOURS.trail} strokeWidth="3" strokeDasharray="4 3" />
    <circle cx="14" cy="10" r="3.5" fill="#fff" stroke={COLOURS.trail} strokeWidth="2" />
  </svg>
);

/** Where a CAMARA operator places the phone: filled, solid edge (camara-layer.tsx's area). */
export const CamaraAreaSymbol = () => (
  <svg {...box}>
    <circle
      cx="14"
      cy="14"
      r="11"
      fill={COLOURS.phone}
      fillOpacity="0.12"
      stroke={COLOURS.phone}
      strokeWidth="2"
    />
    <circle cx="14" cy="14" r="4" fill={COLOURS.phone} stroke="#fff" strokeWidth="2" />
  </svg>
);

/** The circle a check asked about: dashed, unfilled (camara-layer.tsx's circle). */
export const CamaraCircleSymbol = () => (
  <svg {...box}>
    <circle
      cx="14"
      cy="14"
      r="11"
      fill={COLOURS.outline}
      fillOpacity="0.06"
      stroke={COLOURS.outline}
      strokeWidth="1.5"
      strokeDasharray="4 4"
    />
  </svg>
);

/** An area a person watches: long-dashed heavy ring, its centre marked (watch-layer.tsx). */
export const WatchAreaSymbol = () => (
  <svg {...box}>
    <circle
      cx="14"
      cy="14"
      r="11"
      fill={COLOURS.watch}
      fillOpacity="0.1"
      stroke={COLOURS.watch}
      strokeWidth="3"
      strokeDasharray="8 4"
    />
    <circle cx="14" cy="14" r="3" fill={COLOURS.watch} stroke="#fff" strokeWidth="1.5" />
  </svg>
);
