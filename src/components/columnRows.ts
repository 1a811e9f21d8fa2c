// Page data sent as columns (one array per column) read back as one object per row.
import type {ColumnsOf} from "../../loaders/analysis/run-cells.js";

export function columnRows<R>(columns: ColumnsOf<R>): R[] {
  const names = Object.keys(columns) as (keyof R)[];
  const count = names.length ? (columns[names[0]] as unknown[]).length : 0;
  return Array.from({length: count}, (_, i) => {
    const row = {} as R;
    for (const name of names) row[name] = columns[name][i];
    return row;
  });
}
