// static final constants of every type (ConstantValue attributes), inlined across classes, and non-constant finals.
public class FinalConstants {
    static final boolean Z = true;
    static final byte B = -100;
    static final short S = 30000;
    static final char C = 'Z';
    static final int I = 0x7fff0000;
    static final long L = -0x7fff00000000L;
    static final float F = 1.5e-3f;
    static final double D = -2.75e200;
    static final String STR = "constant string";
    static final int COMPUTED = I / 3 + C;
    static final Integer BOXED = 99;        // not a constant
    static final int[] ARR = {1, 2, 3};     // not a constant
    final int instanceConst = 5;
    final long instanceFinal;
    FinalConstants(long v) { instanceFinal = v; }
    static class Other {
        static final String FROM_OTHER = STR + "!" + I;
        static final double HALF = D / 2;
    }
    public static void main(String[] args) {
        System.out.println(Z + " " + B + " " + S + " " + C + " " + I + " " + L + " " + F + " " + D + " " + STR);
        System.out.println(COMPUTED + " " + BOXED + " " + ARR.length + " " + Other.FROM_OTHER + " " + Other.HALF);
        FinalConstants fc = new FinalConstants(123456789012L);
        System.out.println(fc.instanceConst + " " + fc.instanceFinal);
        switch (88) {
            case COMPUTED % 100: System.out.println("matched constant case"); break;
            default: System.out.println("default " + COMPUTED % 100);
        }
        ARR[0] = 10;
        System.out.println(ARR[0]);
        System.out.println(Integer.MAX_VALUE + Long.MIN_VALUE + Short.MAX_VALUE + Byte.MIN_VALUE + Character.MAX_VALUE);
    }
}
