// conformance: jvm-args -Duser.timezone=UTC
// Formatter %t/%T date/time conversions on Long, Date and Calendar values
// (UTC and a fixed-offset zone), with width and '-'; the bad cases.
import java.util.Calendar;
import java.util.Date;
import java.util.TimeZone;

public class FormatterDates {
    static void f(String fmt, Object... args) {
        try {
            System.out.println(fmt + " => [" + String.format(fmt, args) + "]");
        } catch (RuntimeException e) {
            System.out.println(fmt + " => " + e.getClass().getName() + ": " + e.getMessage());
        }
    }

    public static void main(String[] args) {
        String all = "HIklMSLNpzZsQBbhAaCYyjmdeRTrDFc";
        long[] ts = { 0L, 1700000000123L, 951782400007L, -86400001L, 1704067199999L };
        Calendar ist = Calendar.getInstance(TimeZone.getTimeZone("GMT+05:30"));
        for (long t : ts) {
            StringBuilder sb = new StringBuilder();
            StringBuilder up = new StringBuilder();
            for (char c : all.toCharArray()) {
                sb.append(String.format("%t" + c, t)).append('|');
                up.append(String.format("%T" + c, new Date(t))).append('|');
            }
            System.out.println(sb);
            System.out.println(up);
            ist.setTimeInMillis(t);
            StringBuilder z = new StringBuilder();
            for (char c : all.toCharArray()) z.append(String.format("%t" + c, ist)).append('|');
            System.out.println(z);
        }
        f("%tY-%<tm-%<td %<tH:%<tM:%<tS.%<tL", 1234567890123L);
        f("[%20tF] [%-12tR] [%1$tc]", 1600000000000L);
        f("%s at %tT", "event", new Date(3600000L));
        f("%tF", (Object) null);
        f("%tq", 0L);
        f("%t", 0L);
        f("%tH", "string");
        f("%tH", 12);
        f("%.2tH", 0L);
        f("%#tH", 0L);
        f("%-tH", 0L);
    }
}
