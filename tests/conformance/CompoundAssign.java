// Compound assignment on locals, statics, fields and array elements with side effects in the index.
public class CompoundAssign {
    static int si = 10;
    int fi = 20;
    static int idx = 0;
    static int next() { return idx++; }
    public static void main(String[] args) {
        int x = 7;
        x += 3; x -= 1; x *= 4; x /= 3; x %= 7; x <<= 5; x >>= 2; x >>>= 1; x &= 0x3F; x |= 0x100; x ^= 0x55;
        System.out.println("x " + x);
        long l = 100;
        l += Integer.MAX_VALUE; l *= 3; l /= 7; l %= 1000003; l <<= 3; l >>= 1; l ^= -1L;
        System.out.println("l " + l);
        double d = 1.5;
        d += 2; d *= d; d /= 0.5; d -= 1; d %= 5;
        System.out.println("d " + d);
        int y = 5;
        y += 2.7;           // narrowing from double
        System.out.println("y " + y);
        y *= 1.5f;
        System.out.println("y " + y);
        si += si++;
        System.out.println("si " + si);
        CompoundAssign o = new CompoundAssign();
        o.fi -= o.fi-- - 3;
        System.out.println("fi " + o.fi);
        int[] arr = {1, 2, 3, 4, 5};
        arr[next()] += 10;
        arr[next()] *= arr[next()];
        arr[next()] <<= next();
        System.out.println(arr[0] + " " + arr[1] + " " + arr[2] + " " + arr[3] + " " + arr[4] + " idx " + idx);
        String s = "a";
        s += 1;
        s += 'c';
        s += 2.5;
        s += null;
        s += true;
        System.out.println(s);
        String[] sa = {"p", "q"};
        sa[idx - 4] += "!";
        System.out.println(sa[0] + sa[1]);
    }
}
