/** A CSV's lines as cells (quoted cells, with commas or quotes, read whole). */
export function csvCells(csv: string): string[][] {
  return csv
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .map((line) => (line.match(/("([^"]|"")*"|[^,]*)(,|$)/g) ?? []).map((c) => c.replace(/,$/, '').replace(/^"|"$/g, '').replace(/""/g, '"')).slice(0, -1));
}

/** "12.345" -> 12345, exactly. */
export function milli(s: string): number {
  const m = /^(\d{1,12})\.(\d{3})$/.exec(s);
  if (!m) throw new Error(`not a three-decimal figure: ${s}`);
  return Number(m[1]) * 1000 + Number(m[2]);
}
