// Partial sorting: puts the values of a few ranks in place (multi-quickselect), far cheaper than a full sort.

/** After the call a[k] is the k-th smallest value for every k in `ranks` (ascending, unique, within the array). */
export function selectRanks(a: Float64Array, ranks: number[], length = a.length): void {
  select(a, 0, length - 1, ranks, 0, ranks.length);
}

function select(a: Float64Array, lo: number, hi: number, ranks: number[], rlo: number, rhi: number): void {
  while (rlo < rhi) {
    if (hi - lo < 24) {
      insertionSort(a, lo, hi);
      return;
    }
    const mid = (lo + hi) >>> 1;
    if (a[mid] < a[lo]) swap(a, mid, lo);
    if (a[hi] < a[lo]) swap(a, hi, lo);
    if (a[hi] < a[mid]) swap(a, hi, mid);
    const pivot = a[mid];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) {
        swap(a, i, j);
        i++;
        j--;
      }
    }
    // a[lo..j] ≤ pivot ≤ a[i..hi]; ranks strictly between j and i already hold the pivot's value.
    let left = rlo;
    while (left < rhi && ranks[left] <= j) left++;
    let right = left;
    while (right < rhi && ranks[right] < i) right++;
    if (j - lo < hi - i) {
      select(a, lo, j, ranks, rlo, left);
      lo = i;
      rlo = right;
    } else {
      select(a, i, hi, ranks, right, rhi);
      hi = j;
      rhi = left;
    }
  }
}

function insertionSort(a: Float64Array, lo: number, hi: number): void {
  for (let i = lo + 1; i <= hi; i++) {
    const v = a[i];
    let j = i - 1;
    while (j >= lo && a[j] > v) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = v;
  }
}

function swap(a: Float64Array, i: number, j: number): void {
  const t = a[i];
  a[i] = a[j];
  a[j] = t;
}
