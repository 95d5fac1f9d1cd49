import { COPY } from '../../shared/copy';

/** Flat illustrations for the three carousel themes, drawn inline so nothing is downloaded. */
export function CarouselArt({ theme, className }: { theme: number; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 320 200" aria-hidden="true" focusable="false">
      <rect x="0" y="0" width="320" height="200" rx="20" fill="rgb(255 255 255 / 0.08)" />
      {theme === 0 && <Parking />}
      {theme === 1 && <Benefits />}
      {theme === 2 && <Environment />}
    </svg>
  );
}

function Car({ x, y, color, scale = 1 }: { x: number; y: number; color: string; scale?: number }) {
  return (
    <g transform={`translate(${x} ${y}) scale(${scale})`}>
      <path d="M6 26 L14 10 Q17 4 24 4 H52 Q59 4 62 10 L70 26 Z" fill={color} />
      <rect x="0" y="24" width="76" height="20" rx="7" fill={color} />
      <path d="M18 12 Q20 9 24 9 H35 V24 H13 Z M40 9 H52 Q56 9 58 12 L63 24 H40 Z" fill="#dff3ea" opacity="0.9" />
      <circle cx="18" cy="44" r="8" fill="#0b3526" />
      <circle cx="18" cy="44" r="3.5" fill="#c3cacd" />
      <circle cx="58" cy="44" r="8" fill="#0b3526" />
      <circle cx="58" cy="44" r="3.5" fill="#c3cacd" />
      <rect x="66" y="29" width="8" height="5" rx="2" fill="#ffe8b8" />
    </g>
  );
}

function Parking() {
  return (
    <g>
      <rect x="20" y="130" width="280" height="50" rx="6" fill="#0f4b33" />
      {[40, 110, 180, 250].map((x) => (
        <rect key={x} x={x} y="132" width="3" height="46" fill="#a8dfc1" opacity="0.7" />
      ))}
      <Car x={48} y={126} color="#3fae77" scale={0.8} />
      <Car x={190} y={126} color="#73c89c" scale={0.8} />
      <g>
        <rect x="134" y="60" width="6" height="70" rx="3" fill="#c3cacd" />
        <rect x="112" y="24" width="50" height="50" rx="10" fill="#2f7fb8" />
        <path d="M128 64 V34 H141 Q151 34 151 44 Q151 54 141 54 H128" fill="none" stroke="#fff" strokeWidth="6" strokeLinejoin="round" />
      </g>
      <g transform="translate(232 40)">
        <circle cx="26" cy="26" r="24" fill="#ffffff" opacity="0.14" />
        <path d="M14 27 l8 8 l16 -18" fill="none" stroke="#d3efdf" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
      </g>
    </g>
  );
}

function Person({ x, y, color }: { x: number; y: number; color: string }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <circle cx="16" cy="12" r="11" fill="#f3d2b5" />
      <path d="M0 58 Q0 28 16 28 Q32 28 32 58 Z" fill={color} />
    </g>
  );
}

function Benefits() {
  return (
    <g>
      <Person x={70} y={70} color="#73c89c" />
      <Person x={106} y={62} color="#2f7fb8" />
      <Person x={142} y={70} color="#3fae77" />
      <rect x="50" y="128" width="150" height="10" rx="5" fill="#0f4b33" />
      <g transform="translate(214 58)">
        <ellipse cx="34" cy="70" rx="30" ry="8" fill="#d98a00" />
        <rect x="4" y="56" width="60" height="14" fill="#d98a00" />
        <ellipse cx="34" cy="56" rx="30" ry="8" fill="#ffe8b8" />
        <ellipse cx="34" cy="46" rx="30" ry="8" fill="#d98a00" />
        <rect x="4" y="32" width="60" height="14" fill="#d98a00" />
        <ellipse cx="34" cy="32" rx="30" ry="8" fill="#ffe8b8" />
        <text x="34" y="37" textAnchor="middle" fontSize="14" fontWeight="700" fill="#8a5600" fontFamily="system-ui, sans-serif">£</text>
      </g>
      <path d="M246 22 c-6 -10 -20 -6 -18 4 c1 7 10 12 18 18 c8 -6 17 -11 18 -18 c2 -10 -12 -14 -18 -4z" fill="#f9d5d5" />
      <Car x={40} y={140} color="#a8dfc1" scale={0.55} />
    </g>
  );
}

function Environment() {
  return (
    <g>
      <circle cx="250" cy="50" r="22" fill="#ffe8b8" opacity="0.9" />
      <path d="M20 160 Q90 120 160 150 T300 140 V180 H20 Z" fill="#125f3f" />
      <g transform="translate(70 40)">
        <rect x="26" y="60" width="8" height="50" rx="3" fill="#8a5600" />
        <circle cx="30" cy="44" r="30" fill="#3fae77" />
        <circle cx="14" cy="58" r="18" fill="#1f9460" />
        <circle cx="46" cy="58" r="18" fill="#1f9460" />
      </g>
      <g transform="translate(170 70)">
        <path d="M40 4 C10 8 4 40 12 62 C40 62 66 44 62 6 C56 4 48 3 40 4 Z" fill="#a8dfc1" />
        <path d="M16 58 C26 40 38 26 56 12" fill="none" stroke="#125f3f" strokeWidth="3" strokeLinecap="round" />
      </g>
      <g transform="translate(212 128)">
        <rect x="0" y="0" width="74" height="30" rx="15" fill="#ffffff" opacity="0.16" />
        <text x="37" y="20" textAnchor="middle" fontSize="14" fontWeight="700" fill="#ecf8f1" fontFamily="system-ui, sans-serif">
          {COPY.carousel.artCo2}
        </text>
      </g>
    </g>
  );
}
