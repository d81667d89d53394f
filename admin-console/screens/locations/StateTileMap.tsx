import { STATE_TILES } from './state-tiles';

export interface StateCount {
  id: string;
  name: string;
  members: number;
}

const TILE = 52;
const GAP = 4;
const SHADES = ['#eef3fb', '#c6d8f2', '#8fb3e6', '#4f86d1', '#1f5aa6', '#0b3470'];

/** Darker means more members; the scale has six steps from none to the busiest state. */
function shadeFor(members: number, max: number) {
  if (members === 0) return SHADES[0]!;
  return SHADES[Math.min(SHADES.length - 1, 1 + Math.floor((members / max) * (SHADES.length - 2)))]!;
}

export function StateTileMap({ states }: { states: readonly StateCount[] }) {
  const byCode = new Map(states.map((s) => [s.id, s]));
  const max = Math.max(1, ...states.map((s) => s.members));
  const width = 12 * (TILE + GAP);
  const height = 8 * (TILE + GAP);
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      style={{ maxWidth: 720 }}
      aria-labelledby="state-map-title"
      role="img"
    >
      <title id="state-map-title">Members per state, darker tiles for more members</title>
      {Object.entries(STATE_TILES).map(([code, [col, row]]) => {
        const state = byCode.get(code);
        const members = state?.members ?? 0;
        const fill = shadeFor(members, max);
        const dark = SHADES.indexOf(fill) >= 3;
        return (
          <g key={code} transform={`translate(${col * (TILE + GAP)}, ${row * (TILE + GAP)})`}>
            <title>{`${state?.name ?? code}: ${members} members`}</title>
            <rect width={TILE} height={TILE} rx="4" fill={fill} stroke="#9fb3cc" strokeWidth="0.5" />
            <text
              x={TILE / 2}
              y={22}
              textAnchor="middle"
              fontSize="14"
              fontWeight="700"
              fill={dark ? '#fff' : '#0b1d33'}
            >
              {code}
            </text>
            <text x={TILE / 2} y={40} textAnchor="middle" fontSize="11" fill={dark ? '#fff' : '#0b1d33'}>
              {members}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
