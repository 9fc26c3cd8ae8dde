// Float arithmetic through the JIT's virtual stack (FLOATOPS) and float
// locals kept in general registers (REGCACHE): NaN, infinities, -0.0,
// subnormals, rounding of each op, float constants (fconst, ldc), float
// arguments, a slot reused for an int and a float (javac reuses it across
// scopes), floats live across calls and exception handlers, and loops.
public class FloatLocals {
    static float mix(float a, float b, int k) {
        float s = a;
        for (int i = 0; i < k; i++) {
            s = s * 1.0001f + b;
            s = s - b / 3.0f;
            if (s > 1e30f) s = s / 7.0f;
        }
        return s;
    }

    static float thrower(float x, int i) {
        if (i % 5 == 4) throw new IllegalStateException("i=" + i);
        return x * 2.0f;
    }

    static String bits(float f) { return Integer.toHexString(Float.floatToIntBits(f)); }

    public static void main(String[] args) {
        float[] vals = { 0.0f, -0.0f, 1.0f, -1.0f, 2.0f, 0.1f, 1e-45f, 3.4028235e38f, Float.NaN,
                         Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, 1.17549435e-38f, 16777217f };
        StringBuilder sb = new StringBuilder();
        for (float x : vals)
            for (float y : vals) {
                float a = x + y, s = x - y, m = x * y, d = x / y;
                sb.append(bits(a)).append(' ').append(bits(s)).append(' ').append(bits(m)).append(' ')
                  .append(bits(d)).append('\n');
            }
        System.out.println(sb.toString().hashCode());
        System.out.println(bits(0.0f - 0.0f) + " " + bits(-0.0f + 0.0f) + " " + bits(-0.0f * 1.0f)
                           + " " + bits(1.0f / -0.0f) + " " + bits(0.0f / 0.0f));
        System.out.println(mix(1.5f, 0.25f, 1000) + " " + mix(-3.0f, 2.0f, 77) + " " + mix(Float.NaN, 1f, 3));
        float acc = 0.0f;
        int caught = 0;
        for (int i = 0; i < 20; i++) {
            try {
                acc = acc + thrower(i * 0.5f, i);
            } catch (IllegalStateException e) {
                caught++;
                acc = acc - 0.125f;
            }
        }
        System.out.println(acc + " " + caught);
        {
            int t = 12345;                     // slot reused below for a float
            acc += t;
        }
        {
            float u = 2.5f;
            u = u * u - 1.0f;
            acc += u;
        }
        float kahan = 0.0f, comp = 0.0f;
        for (int i = 1; i <= 10000; i++) {
            float yv = 1.0f / i - comp;
            float tv = kahan + yv;
            comp = (tv - kahan) - yv;
            kahan = tv;
        }
        System.out.println(acc + " " + kahan + " " + comp);
    }
}
