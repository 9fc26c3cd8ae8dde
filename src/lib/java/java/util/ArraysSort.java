/*
 * java.util.ArraysSort for vifvm: the sorting algorithms behind Arrays.sort.
 * Primitives: introsort (median-of-three quicksort, insertion sort for
 * short ranges, heapsort when recursion gets deep).  float/double: NaNs are
 * moved to the end first and -0.0 is placed before 0.0 afterwards, giving
 * Double.compare order as the JDK does.  Objects: stable top-down merge
 * sort with an insertion sort for short runs and the "already ordered"
 * shortcut.  (The per-type code is generated in one shape.)
 */
package java.util;

final class ArraysSort {
    private ArraysSort() {}

    private static final int INSERTION_THRESHOLD = 24;

    private static int depthLimit(int n) {
        int d = 0;
        while (n > 1) {
            n >>>= 1;
            d++;
        }
        return 2 * d + 4;
    }

    static void sort(int[] a, int lo, int hi) {
        introsort(a, lo, hi, depthLimit(hi - lo));
    }

    private static void introsort(int[] a, int lo, int hi, int depth) {
        while (hi - lo > INSERTION_THRESHOLD) {
            if (depth-- == 0) {
                heapsort(a, lo, hi);
                return;
            }
            int mid = (lo + hi) >>> 1;
            /* median of three into a[mid] */
            if (a[mid] < a[lo]) swap(a, mid, lo);
            if (a[hi - 1] < a[lo]) swap(a, hi - 1, lo);
            if (a[hi - 1] < a[mid]) swap(a, hi - 1, mid);
            int pivot = a[mid];
            int i = lo, j = hi - 1;
            while (i <= j) {
                while (a[i] < pivot) i++;
                while (pivot < a[j]) j--;
                if (i <= j) {
                    swap(a, i, j);
                    i++;
                    j--;
                }
            }
            /* recurse into the smaller part */
            if (j - lo < hi - i) {
                introsort(a, lo, j + 1, depth);
                lo = i;
            } else {
                introsort(a, i, hi, depth);
                hi = j + 1;
            }
        }
        for (int i = lo + 1; i < hi; i++) {
            int v = a[i];
            int j = i - 1;
            while (j >= lo && v < a[j]) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = v;
        }
    }

    private static void swap(int[] a, int i, int j) {
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }

    private static void heapsort(int[] a, int lo, int hi) {
        int n = hi - lo;
        for (int i = n / 2 - 1; i >= 0; i--) siftDown(a, lo, i, n);
        for (int end = n - 1; end > 0; end--) {
            swap(a, lo, lo + end);
            siftDown(a, lo, 0, end);
        }
    }

    private static void siftDown(int[] a, int lo, int i, int n) {
        int v = a[lo + i];
        for (;;) {
            int c = 2 * i + 1;
            if (c >= n) break;
            if (c + 1 < n && a[lo + c] < a[lo + c + 1]) c++;
            if (!(v < a[lo + c])) break;
            a[lo + i] = a[lo + c];
            i = c;
        }
        a[lo + i] = v;
    }

    static void sort(long[] a, int lo, int hi) {
        introsort(a, lo, hi, depthLimit(hi - lo));
    }

    private static void introsort(long[] a, int lo, int hi, int depth) {
        while (hi - lo > INSERTION_THRESHOLD) {
            if (depth-- == 0) {
                heapsort(a, lo, hi);
                return;
            }
            int mid = (lo + hi) >>> 1;
            /* median of three into a[mid] */
            if (a[mid] < a[lo]) swap(a, mid, lo);
            if (a[hi - 1] < a[lo]) swap(a, hi - 1, lo);
            if (a[hi - 1] < a[mid]) swap(a, hi - 1, mid);
            long pivot = a[mid];
            int i = lo, j = hi - 1;
            while (i <= j) {
                while (a[i] < pivot) i++;
                while (pivot < a[j]) j--;
                if (i <= j) {
                    swap(a, i, j);
                    i++;
                    j--;
                }
            }
            /* recurse into the smaller part */
            if (j - lo < hi - i) {
                introsort(a, lo, j + 1, depth);
                lo = i;
            } else {
                introsort(a, i, hi, depth);
                hi = j + 1;
            }
        }
        for (int i = lo + 1; i < hi; i++) {
            long v = a[i];
            int j = i - 1;
            while (j >= lo && v < a[j]) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = v;
        }
    }

    private static void swap(long[] a, int i, int j) {
        long t = a[i];
        a[i] = a[j];
        a[j] = t;
    }

    private static void heapsort(long[] a, int lo, int hi) {
        int n = hi - lo;
        for (int i = n / 2 - 1; i >= 0; i--) siftDown(a, lo, i, n);
        for (int end = n - 1; end > 0; end--) {
            swap(a, lo, lo + end);
            siftDown(a, lo, 0, end);
        }
    }

    private static void siftDown(long[] a, int lo, int i, int n) {
        long v = a[lo + i];
        for (;;) {
            int c = 2 * i + 1;
            if (c >= n) break;
            if (c + 1 < n && a[lo + c] < a[lo + c + 1]) c++;
            if (!(v < a[lo + c])) break;
            a[lo + i] = a[lo + c];
            i = c;
        }
        a[lo + i] = v;
    }

    static void sort(short[] a, int lo, int hi) {
        introsort(a, lo, hi, depthLimit(hi - lo));
    }

    private static void introsort(short[] a, int lo, int hi, int depth) {
        while (hi - lo > INSERTION_THRESHOLD) {
            if (depth-- == 0) {
                heapsort(a, lo, hi);
                return;
            }
            int mid = (lo + hi) >>> 1;
            /* median of three into a[mid] */
            if (a[mid] < a[lo]) swap(a, mid, lo);
            if (a[hi - 1] < a[lo]) swap(a, hi - 1, lo);
            if (a[hi - 1] < a[mid]) swap(a, hi - 1, mid);
            short pivot = a[mid];
            int i = lo, j = hi - 1;
            while (i <= j) {
                while (a[i] < pivot) i++;
                while (pivot < a[j]) j--;
                if (i <= j) {
                    swap(a, i, j);
                    i++;
                    j--;
                }
            }
            /* recurse into the smaller part */
            if (j - lo < hi - i) {
                introsort(a, lo, j + 1, depth);
                lo = i;
            } else {
                introsort(a, i, hi, depth);
                hi = j + 1;
            }
        }
        for (int i = lo + 1; i < hi; i++) {
            short v = a[i];
            int j = i - 1;
            while (j >= lo && v < a[j]) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = v;
        }
    }

    private static void swap(short[] a, int i, int j) {
        short t = a[i];
        a[i] = a[j];
        a[j] = t;
    }

    private static void heapsort(short[] a, int lo, int hi) {
        int n = hi - lo;
        for (int i = n / 2 - 1; i >= 0; i--) siftDown(a, lo, i, n);
        for (int end = n - 1; end > 0; end--) {
            swap(a, lo, lo + end);
            siftDown(a, lo, 0, end);
        }
    }

    private static void siftDown(short[] a, int lo, int i, int n) {
        short v = a[lo + i];
        for (;;) {
            int c = 2 * i + 1;
            if (c >= n) break;
            if (c + 1 < n && a[lo + c] < a[lo + c + 1]) c++;
            if (!(v < a[lo + c])) break;
            a[lo + i] = a[lo + c];
            i = c;
        }
        a[lo + i] = v;
    }

    static void sort(char[] a, int lo, int hi) {
        introsort(a, lo, hi, depthLimit(hi - lo));
    }

    private static void introsort(char[] a, int lo, int hi, int depth) {
        while (hi - lo > INSERTION_THRESHOLD) {
            if (depth-- == 0) {
                heapsort(a, lo, hi);
                return;
            }
            int mid = (lo + hi) >>> 1;
            /* median of three into a[mid] */
            if (a[mid] < a[lo]) swap(a, mid, lo);
            if (a[hi - 1] < a[lo]) swap(a, hi - 1, lo);
            if (a[hi - 1] < a[mid]) swap(a, hi - 1, mid);
            char pivot = a[mid];
            int i = lo, j = hi - 1;
            while (i <= j) {
                while (a[i] < pivot) i++;
                while (pivot < a[j]) j--;
                if (i <= j) {
                    swap(a, i, j);
                    i++;
                    j--;
                }
            }
            /* recurse into the smaller part */
            if (j - lo < hi - i) {
                introsort(a, lo, j + 1, depth);
                lo = i;
            } else {
                introsort(a, i, hi, depth);
                hi = j + 1;
            }
        }
        for (int i = lo + 1; i < hi; i++) {
            char v = a[i];
            int j = i - 1;
            while (j >= lo && v < a[j]) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = v;
        }
    }

    private static void swap(char[] a, int i, int j) {
        char t = a[i];
        a[i] = a[j];
        a[j] = t;
    }

    private static void heapsort(char[] a, int lo, int hi) {
        int n = hi - lo;
        for (int i = n / 2 - 1; i >= 0; i--) siftDown(a, lo, i, n);
        for (int end = n - 1; end > 0; end--) {
            swap(a, lo, lo + end);
            siftDown(a, lo, 0, end);
        }
    }

    private static void siftDown(char[] a, int lo, int i, int n) {
        char v = a[lo + i];
        for (;;) {
            int c = 2 * i + 1;
            if (c >= n) break;
            if (c + 1 < n && a[lo + c] < a[lo + c + 1]) c++;
            if (!(v < a[lo + c])) break;
            a[lo + i] = a[lo + c];
            i = c;
        }
        a[lo + i] = v;
    }

    static void sort(byte[] a, int lo, int hi) {
        introsort(a, lo, hi, depthLimit(hi - lo));
    }

    private static void introsort(byte[] a, int lo, int hi, int depth) {
        while (hi - lo > INSERTION_THRESHOLD) {
            if (depth-- == 0) {
                heapsort(a, lo, hi);
                return;
            }
            int mid = (lo + hi) >>> 1;
            /* median of three into a[mid] */
            if (a[mid] < a[lo]) swap(a, mid, lo);
            if (a[hi - 1] < a[lo]) swap(a, hi - 1, lo);
            if (a[hi - 1] < a[mid]) swap(a, hi - 1, mid);
            byte pivot = a[mid];
            int i = lo, j = hi - 1;
            while (i <= j) {
                while (a[i] < pivot) i++;
                while (pivot < a[j]) j--;
                if (i <= j) {
                    swap(a, i, j);
                    i++;
                    j--;
                }
            }
            /* recurse into the smaller part */
            if (j - lo < hi - i) {
                introsort(a, lo, j + 1, depth);
                lo = i;
            } else {
                introsort(a, i, hi, depth);
                hi = j + 1;
            }
        }
        for (int i = lo + 1; i < hi; i++) {
            byte v = a[i];
            int j = i - 1;
            while (j >= lo && v < a[j]) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = v;
        }
    }

    private static void swap(byte[] a, int i, int j) {
        byte t = a[i];
        a[i] = a[j];
        a[j] = t;
    }

    private static void heapsort(byte[] a, int lo, int hi) {
        int n = hi - lo;
        for (int i = n / 2 - 1; i >= 0; i--) siftDown(a, lo, i, n);
        for (int end = n - 1; end > 0; end--) {
            swap(a, lo, lo + end);
            siftDown(a, lo, 0, end);
        }
    }

    private static void siftDown(byte[] a, int lo, int i, int n) {
        byte v = a[lo + i];
        for (;;) {
            int c = 2 * i + 1;
            if (c >= n) break;
            if (c + 1 < n && a[lo + c] < a[lo + c + 1]) c++;
            if (!(v < a[lo + c])) break;
            a[lo + i] = a[lo + c];
            i = c;
        }
        a[lo + i] = v;
    }

    static void sort(float[] a, int lo, int hi) {
        /* move NaNs to the end */
        int end = hi;
        for (int i = hi - 1; i >= lo; i--) {
            float v = a[i];
            if (v != v) {
                a[i] = a[--end];
                a[end] = v;
            }
        }
        introsort(a, lo, end, depthLimit(end - lo));
        /* order -0.0 before 0.0 inside the run of zeros */
        int z = lo, zhi = end;
        {
            int l = lo, r = end;
            while (l < r) {
                int m = (l + r) >>> 1;
                if (a[m] < 0) l = m + 1;
                else r = m;
            }
            z = l;
        }
        int negZeros = 0;
        int k = z;
        for (; k < zhi && a[k] == 0; k++) {
            if (Float.floatToRawIntBits(a[k]) < 0) negZeros++;
        }
        for (int i = z; i < k; i++) a[i] = (i - z) < negZeros ? -0.0f : 0.0f;
    }

    private static void introsort(float[] a, int lo, int hi, int depth) {
        while (hi - lo > INSERTION_THRESHOLD) {
            if (depth-- == 0) {
                heapsort(a, lo, hi);
                return;
            }
            int mid = (lo + hi) >>> 1;
            /* median of three into a[mid] */
            if (a[mid] < a[lo]) swap(a, mid, lo);
            if (a[hi - 1] < a[lo]) swap(a, hi - 1, lo);
            if (a[hi - 1] < a[mid]) swap(a, hi - 1, mid);
            float pivot = a[mid];
            int i = lo, j = hi - 1;
            while (i <= j) {
                while (a[i] < pivot) i++;
                while (pivot < a[j]) j--;
                if (i <= j) {
                    swap(a, i, j);
                    i++;
                    j--;
                }
            }
            /* recurse into the smaller part */
            if (j - lo < hi - i) {
                introsort(a, lo, j + 1, depth);
                lo = i;
            } else {
                introsort(a, i, hi, depth);
                hi = j + 1;
            }
        }
        for (int i = lo + 1; i < hi; i++) {
            float v = a[i];
            int j = i - 1;
            while (j >= lo && v < a[j]) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = v;
        }
    }

    private static void swap(float[] a, int i, int j) {
        float t = a[i];
        a[i] = a[j];
        a[j] = t;
    }

    private static void heapsort(float[] a, int lo, int hi) {
        int n = hi - lo;
        for (int i = n / 2 - 1; i >= 0; i--) siftDown(a, lo, i, n);
        for (int end = n - 1; end > 0; end--) {
            swap(a, lo, lo + end);
            siftDown(a, lo, 0, end);
        }
    }

    private static void siftDown(float[] a, int lo, int i, int n) {
        float v = a[lo + i];
        for (;;) {
            int c = 2 * i + 1;
            if (c >= n) break;
            if (c + 1 < n && a[lo + c] < a[lo + c + 1]) c++;
            if (!(v < a[lo + c])) break;
            a[lo + i] = a[lo + c];
            i = c;
        }
        a[lo + i] = v;
    }

    static void sort(double[] a, int lo, int hi) {
        /* move NaNs to the end */
        int end = hi;
        for (int i = hi - 1; i >= lo; i--) {
            double v = a[i];
            if (v != v) {
                a[i] = a[--end];
                a[end] = v;
            }
        }
        introsort(a, lo, end, depthLimit(end - lo));
        /* order -0.0 before 0.0 inside the run of zeros */
        int z = lo, zhi = end;
        {
            int l = lo, r = end;
            while (l < r) {
                int m = (l + r) >>> 1;
                if (a[m] < 0) l = m + 1;
                else r = m;
            }
            z = l;
        }
        int negZeros = 0;
        int k = z;
        for (; k < zhi && a[k] == 0; k++) {
            if (Double.doubleToRawLongBits(a[k]) < 0) negZeros++;
        }
        for (int i = z; i < k; i++) a[i] = (i - z) < negZeros ? -0.0 : 0.0;
    }

    private static void introsort(double[] a, int lo, int hi, int depth) {
        while (hi - lo > INSERTION_THRESHOLD) {
            if (depth-- == 0) {
                heapsort(a, lo, hi);
                return;
            }
            int mid = (lo + hi) >>> 1;
            /* median of three into a[mid] */
            if (a[mid] < a[lo]) swap(a, mid, lo);
            if (a[hi - 1] < a[lo]) swap(a, hi - 1, lo);
            if (a[hi - 1] < a[mid]) swap(a, hi - 1, mid);
            double pivot = a[mid];
            int i = lo, j = hi - 1;
            while (i <= j) {
                while (a[i] < pivot) i++;
                while (pivot < a[j]) j--;
                if (i <= j) {
                    swap(a, i, j);
                    i++;
                    j--;
                }
            }
            /* recurse into the smaller part */
            if (j - lo < hi - i) {
                introsort(a, lo, j + 1, depth);
                lo = i;
            } else {
                introsort(a, i, hi, depth);
                hi = j + 1;
            }
        }
        for (int i = lo + 1; i < hi; i++) {
            double v = a[i];
            int j = i - 1;
            while (j >= lo && v < a[j]) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = v;
        }
    }

    private static void swap(double[] a, int i, int j) {
        double t = a[i];
        a[i] = a[j];
        a[j] = t;
    }

    private static void heapsort(double[] a, int lo, int hi) {
        int n = hi - lo;
        for (int i = n / 2 - 1; i >= 0; i--) siftDown(a, lo, i, n);
        for (int end = n - 1; end > 0; end--) {
            swap(a, lo, lo + end);
            siftDown(a, lo, 0, end);
        }
    }

    private static void siftDown(double[] a, int lo, int i, int n) {
        double v = a[lo + i];
        for (;;) {
            int c = 2 * i + 1;
            if (c >= n) break;
            if (c + 1 < n && a[lo + c] < a[lo + c + 1]) c++;
            if (!(v < a[lo + c])) break;
            a[lo + i] = a[lo + c];
            i = c;
        }
        a[lo + i] = v;
    }

    // ---- objects --------------------------------------------------------------

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int cmp(Object x, Object y, Comparator<Object> c) {
        return c == null ? ((Comparable) x).compareTo(y) : c.compare(x, y);
    }

    static void mergeSort(Object[] a, int lo, int hi, Comparator<Object> c) {
        int n = hi - lo;
        if (n < 2) return;
        Object[] aux = new Object[n];
        System.arraycopy(a, lo, aux, 0, n);
        mergeSort(aux, a, lo, hi, -lo, c);
    }

    /* Sort dest[low, high) using src (same contents at offset `off`). */
    private static void mergeSort(Object[] src, Object[] dest, int low, int high, int off, Comparator<Object> c) {
        int length = high - low;
        if (length < 7) {
            for (int i = low; i < high; i++)
                for (int j = i; j > low && cmp(dest[j - 1], dest[j], c) > 0; j--) {
                    Object t = dest[j];
                    dest[j] = dest[j - 1];
                    dest[j - 1] = t;
                }
            return;
        }
        int destLow = low;
        int destHigh = high;
        low += off;
        high += off;
        int mid = (low + high) >>> 1;
        mergeSort(dest, src, low, mid, -off, c);
        mergeSort(dest, src, mid, high, -off, c);
        if (cmp(src[mid - 1], src[mid], c) <= 0) {
            System.arraycopy(src, low, dest, destLow, length);
            return;
        }
        for (int i = destLow, p = low, q = mid; i < destHigh; i++) {
            if (q >= high || p < mid && cmp(src[p], src[q], c) <= 0) dest[i] = src[p++];
            else dest[i] = src[q++];
        }
    }
}
