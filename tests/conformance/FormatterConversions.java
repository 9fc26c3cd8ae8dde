// String.format / Formatter conversions a log line uses: %d %s %x %X %o %f
// %e %E %g %c %b %h %n %% with width, precision, flags -0+ ,(#, argument
// indexes and relative indexes, and the exceptions for bad formats.
import java.util.Formatter;
import java.util.Locale;

public class FormatterConversions {
    static void f(String fmt, Object... args) {
        try {
            System.out.println(fmt + " => [" + String.format(fmt, args) + "]");
        } catch (RuntimeException e) {
            System.out.println(fmt + " => " + e.getClass().getName() + ": " + e.getMessage());
        }
    }

    public static void main(String[] args) {
        f("%d|%5d|%-5d|%05d|%+d|% d|%,d|%(d|%+,010d", 42, 42, 42, 42, 42, 42, 1234567, -42, -1234567);
        f("%d %d %d %d", (byte) -1, (short) 300, -9L, Long.MIN_VALUE);
        f("%x|%X|%#x|%08x|%o|%#o|%x|%X", 255, 255, 255, 255, 8, 8, -1, -1L);
        f("%x %o", (byte) -1, (short) -1);
        f("%s|%10s|%-10s|%.2s|%S|%s", "abc", "abc", "abc", "abc", "abc", null);
        f("%c|%c|%-3c|%C", 'x', 65, 'y', 'z');
        f("%b|%B|%b|%b|%.3b", true, false, null, "x", true);
        f("%h|%H", "hello", "hello");
        f("%f|%.2f|%10.3f|%-10.1f|%010.2f|%+.1f|%,.2f|%(.2f", 3.14159, 3.14159, -2.5, 2.25, -3.5, 1.0, 1234567.891, -5.0);
        f("%.0f %.0f %.0f %.0f %.1f", 0.5, 1.5, 2.5, -0.5, 0.05);
        f("%e|%.2e|%E|%12.4e|%.0e", 12345.678, 0.000123, 1e100, -6.02e23, 5.0);
        f("%g|%.3g|%g|%g|%g|%G", 12345.678, 0.000123456, 1e-5, 100000.0, 1234567.0, 1e-10);
        f("%f %e %g", Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY);
        f("%a", 1.0);
        f("%.3f %.3f", 1.0005, 2.0005f);
        f("%s %s", 1.0f, 1e20);
        f("%2$s %1$s %2$s", "a", "b");
        f("%s %<s %s", "x", "y");
        f("%n%%%n");
        f("%-8s|%8.3f|%6d|%s", "name", 2.0 / 3, 17, new int[0].length);
        f("[%-20s] %5.1f%% done", "task", 42.0);
        f("%08.3f|%-+8d|%+08d", -1.5, 5, -5);
        f("%,d %,d", 999, -1000);
        f("%10.4s|", "truncated");
        f("%d", "notanumber");
        f("%q", 1);
        f("%s %s", "only one");
        f("%-d", 5);
        f("%#d", 5);
        f("%.2d", 5);
        f("%+s", "x");
        f("%,x", 5);
        f("%3$s", 1, 2);
        f("%0s", "x");
        f("%--5d", 1);
        Formatter fm = new Formatter();
        fm.format("%s=%d", "k", 1).format(", %s", "more");
        System.out.println(fm.toString() + " " + fm.out());
        StringBuilder sb = new StringBuilder("pre:");
        new Formatter(sb).format("%05.1f", 3.14159);
        System.out.println(sb);
        System.out.println(String.format(Locale.US, "%,.3f", 9876543.21));
        System.out.printf("%s %d%n", "printf", 7);
        System.out.format("%x%n", 48879);
    }
}
