/**
 * 2020 Census resident population (thousands) and U.S. House seats from the 2020
 * apportionment. Population weights where generated members live; seats bound the
 * district numbers a U.S. House candidate can run in (DC elects a delegate at large).
 */
export const STATE_FACTS: Record<string, { population: number; houseSeats: number }> = {
  AL: { population: 5024, houseSeats: 7 },
  AK: { population: 733, houseSeats: 1 },
  AZ: { population: 7152, houseSeats: 9 },
  AR: { population: 3012, houseSeats: 4 },
  CA: { population: 39538, houseSeats: 52 },
  CO: { population: 5774, houseSeats: 8 },
  CT: { population: 3606, houseSeats: 5 },
  DE: { population: 990, houseSeats: 1 },
  DC: { population: 690, houseSeats: 1 },
  FL: { population: 21538, houseSeats: 28 },
  GA: { population: 10712, houseSeats: 14 },
  HI: { population: 1455, houseSeats: 2 },
  ID: { population: 1839, houseSeats: 2 },
  IL: { population: 12813, houseSeats: 17 },
  IN: { population: 6786, houseSeats: 9 },
  IA: { population: 3190, houseSeats: 4 },
  KS: { population: 2938, houseSeats: 4 },
  KY: { population: 4506, houseSeats: 6 },
  LA: { population: 4658, houseSeats: 6 },
  ME: { population: 1362, houseSeats: 2 },
  MD: { population: 6177, houseSeats: 8 },
  MA: { population: 7030, houseSeats: 9 },
  MI: { population: 10077, houseSeats: 13 },
  MN: { population: 5706, houseSeats: 8 },
  MS: { population: 2961, houseSeats: 4 },
  MO: { population: 6155, houseSeats: 8 },
  MT: { population: 1084, houseSeats: 2 },
  NE: { population: 1962, houseSeats: 3 },
  NV: { population: 3105, houseSeats: 4 },
  NH: { population: 1377, houseSeats: 2 },
  NJ: { population: 9289, houseSeats: 12 },
  NM: { population: 2118, houseSeats: 3 },
  NY: { population: 20201, houseSeats: 26 },
  NC: { population: 10439, houseSeats: 14 },
  ND: { population: 779, houseSeats: 1 },
  OH: { population: 11799, houseSeats: 15 },
  OK: { population: 3959, houseSeats: 5 },
  OR: { population: 4237, houseSeats: 6 },
  PA: { population: 13003, houseSeats: 17 },
  RI: { population: 1097, houseSeats: 2 },
  SC: { population: 5118, houseSeats: 7 },
  SD: { population: 887, houseSeats: 1 },
  TN: { population: 6910, houseSeats: 9 },
  TX: { population: 29146, houseSeats: 38 },
  UT: { population: 3272, houseSeats: 4 },
  VT: { population: 643, houseSeats: 1 },
  VA: { population: 8631, houseSeats: 11 },
  WA: { population: 7705, houseSeats: 10 },
  WV: { population: 1794, houseSeats: 2 },
  WI: { population: 5894, houseSeats: 8 },
  WY: { population: 577, houseSeats: 1 },
};

/** 'OH-03'; single-seat states (and DC's delegate) use the at-large suffix 'AL', as the House does. */
export function houseDistrict(state: string, n: number): string {
  const seats = STATE_FACTS[state]?.houseSeats ?? 1;
  return seats <= 1 ? `${state}-AL` : `${state}-${String((n % seats) + 1).padStart(2, '0')}`;
}
