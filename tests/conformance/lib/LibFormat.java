// Library behaviour: String.format / printf / Formatter - conversions, flags,
// width/precision, argument indexes, half-up decimal rounding of doubles,
// and the IllegalFormatException family with the JDK's messages.
import java.util.*;

public class LibFormat {
    static void f(String fmt, Object... args) {
        try {
            System.out.println("[" + String.format(fmt, args) + "]");
        } catch (IllegalFormatException e) {
            System.out.println(fmt + " !! " + e);
        }
    }

    public static void main(String[] args) {
        f("%d|%5d|%-5d|%05d|%+d|% d|%,d|%(d|%,015d", 42, 42, 42, 42, 42, 42, 1234567, -42, -1234567);
        f("%x|%X|%#x|%#o|%08X|%x|%x|%o", 255, 255, 255, 8, 0xBEEF, -1, (byte) -1, -8L);
        f("%s|%10s|%-10s|%.2s|%S|%b|%B|%h|%c|%C|%%|%n", "str", "right", "left", "trunc", "upper", "x", null, "hi", 'z', 'q');
        f("%f|%.2f|%.0f|%10.3f|%-10.1f|%+.1f|%(.2f|%,.2f|%010.2f", Math.PI, Math.E, 2.5, -1.5, 0.05, 3.0, -3.14159,
            1234567.891, -9.5);
        f("%.1f %.1f %.1f %.2f %.2f %.3f %.0f %.0f %.0f", 0.05, 0.15, 0.25, 1.005, 2.675, 1.0005, 0.5, 1.5, -0.5);
        f("%e|%.3e|%E|%.0e|%12.4e|%e|%e", 123456.789, 0.000123456, 1e100, 5.0, -0.5, 0.0, Double.MIN_VALUE);
        f("%g|%.3g|%G|%g|%g|%g|%.10g|%g", 123456.789, 0.000123456, 1e-5, 100000.0, 1000000.0, 0.0001, Math.PI, 0.0);
        f("%a|%.2a|%A|%a", 1.0, Math.PI, 0.1, -Double.MAX_VALUE);
        f("%f %f %e %s %10.2f|%-10f|%+f", Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1.0 / 3, Double.NaN,
            Double.NaN, Double.POSITIVE_INFINITY);
        f("%.3f %s %f %.10f", 0.1f, 0.1f, 1e-10, 1e-10);
        f("%f %.20f %.15e", 1e20, 0.1, 1.0 / 7);
        f("%2$s %1$s %2$s %<s %s %s", "a", "b");
        f("%d %s", 1);
        f("%q", 1);
        f("%d", "str");
        f("%c", 1234567);
        f("%-d", 5);
        f("%#s", "x");
        f("%.2d", 5);
        f("%,x", 5);
        f("%+ d", 5);
        f("%-05d", 5);
        f("%0$s", 5);
        f("%<d", 5);
        f("%s %S", new Object() { public String toString() { return "custom"; } }, Arrays.asList(1, 2));
        f("%d %d %d %d", (byte) 1, (short) 2, 3L, Integer.MAX_VALUE);
        f("%o %x", Long.MIN_VALUE, Long.MIN_VALUE);
        System.out.printf("printf %s %d%n", "works", 7);
        System.out.format("format %.3f%n", 2.0 / 3);
        StringBuilder sb = new StringBuilder();
        Formatter fm = new Formatter(sb);
        fm.format("%s-%s", 1, 2).format("!%d", 3);
        System.out.println(sb + " " + fm.toString());
        System.out.println(String.format("%-8s|%8.3f|%6d|", "name", 12.3456, -77) + String.format("%08.2f", -3.5));
        Object[] row = {"total", 1234.5, 99};
        System.out.println(String.format("%-10s%12.2f%5d", row));
    }
}
