// WRITEBACK (src/jit/jit_vstack.c): cached int locals whose stores skip the
// frame slot.  Every way the frame is read must see the current value:
// handlers after an exception thrown by a bounds check, a null check, a
// division, a callee or athrow in the middle of a loop (the handler reads
// locals written just before); calls (r8-r11 reloaded from the frame
// after them); long and float arithmetic between int updates (templates);
// an inlined callee's fallback call; and out-of-range accesses exactly at
// the limit and at -1.
public class WriteBack {
    static int[] arr = new int[10];
    static int calls;
    static int id(int x) { calls++; return x; }
    static int get(int[] a, int i) { return a[i]; }
    static int div(int a, int b) { return a / b; }
    static void boom(int i) { if (i == 7) throw new RuntimeException("boom " + i); }

    static int bounds(int n) {
        int i = 0, s = 0, t = 5;
        try {
            for (i = 0; i <= n; i++) { s += arr[i]; t += 3; }
        } catch (ArrayIndexOutOfBoundsException e) {
            return i * 1000 + s + t * 7;
        }
        return -(i * 1000 + s + t);
    }

    static int nulls(int[] a) {
        int k = 0, s = 1;
        try {
            for (k = 0; k < 5; k++) { s = s * 3 + k; if (k == 3) a = null; s += a.length; }
        } catch (NullPointerException e) {
            return k * 100000 + s;
        }
        return s;
    }

    static int divs(int d) {
        int q = 100, j = 0;
        try {
            for (j = 0; j < 6; j++) { q += 17; q = q / (d - j); }
        } catch (ArithmeticException e) {
            return j * 10000 + q;
        }
        return q;
    }

    static int callee() {
        int i = 0, s = 0;
        try {
            for (i = 0; i < 10; i++) { s += i * i; boom(i); s++; }
        } catch (RuntimeException e) {
            return i * 1000 + s + e.getMessage().length();
        }
        return s;
    }

    static int thrown() {
        int i = 0, s = 0;
        try {
            for (i = 0; i < 10; i++) { s += 2; if (i == 4) throw new IllegalStateException(); }
        } catch (IllegalStateException e) {
            return i * 100 + s;
        }
        return s;
    }

    static long mixed(int n) {
        int i = 0, c = 0;
        long acc = 1;
        float f = 0.5f;
        for (i = 0; i < n; i++) {
            c += 3;
            acc = acc * 31 + c;          // long templates between int updates
            f = f * 1.5f + c;
            c ^= id(i) & 5;              // a call: r8-r11 reloaded after it
            acc += (long) c << 3;
        }
        return acc + i + c + (long) f;
    }

    static int inlined(int[] a, int lim) {
        int s = 0, i = 0;
        for (i = -1; i < lim; i++) {
            try { s += get(a, i) + i; } catch (ArrayIndexOutOfBoundsException e) { s += 1000 + i; }
        }
        return s * 7 + i;
    }

    static int divcall(int n) {
        int s = 0, i = 0;
        for (i = 0; i < n; i++) {
            try { s += div(100, 3 - i); } catch (ArithmeticException e) { s += 5000 + i; }
        }
        return s + i;
    }

    static int negatives() {
        int a = -5, b = Integer.MIN_VALUE, c = 0;
        for (int i = 0; i < 7; i++) { a -= i; b += i; c = a * b; a++; }
        return a ^ b ^ c;
    }

    public static void main(String[] args) {
        for (int i = 0; i < arr.length; i++) arr[i] = i + 1;
        System.out.println("bounds " + bounds(9) + " " + bounds(10) + " " + bounds(20));
        System.out.println("nulls " + nulls(new int[3]));
        System.out.println("divs " + divs(4) + " " + divs(100));
        System.out.println("callee " + callee());
        System.out.println("thrown " + thrown());
        System.out.println("mixed " + mixed(50) + " calls " + calls);
        System.out.println("inlined " + inlined(arr, 10) + " " + inlined(arr, 12) + " " + inlined(new int[0], 2));
        System.out.println("divcall " + divcall(6));
        System.out.println("negatives " + negatives());
    }
}
