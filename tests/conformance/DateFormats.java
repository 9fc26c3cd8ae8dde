// conformance: jvm-args -Duser.timezone=UTC
// java.util.Date/Calendar/TimeZone and java.text SimpleDateFormat,
// DateFormat styles, MessageFormat, ChoiceFormat, DecimalFormat on fixed
// instants (UTC and fixed-offset zones).
import java.text.*;
import java.util.*;

public class DateFormats {
    public static void main(String[] args) throws Exception {
        long[] instants = { 0L, 1700000000123L, 951782400000L, -1L, 1583020799999L, 4102444800000L, 1609459200000L, 1703980800000L, 1704067199000L };
        String[] patterns = { "yyyy-MM-dd HH:mm:ss.SSS", "yy/M/d h:mm a", "EEE, d MMM yyyy HH:mm:ss Z", "EEEE MMMM dd G y",
                              "D F w W u k K", "yyyyMMdd'T'HHmmssX", "XX XXX z zzzz", "'quoted ''text''' hh 'o''clock'", "yyyyy.MMMMM.dd GGG hh:mm aaa" };
        TimeZone utc = TimeZone.getTimeZone("UTC");
        TimeZone ist = TimeZone.getTimeZone("GMT+05:30");
        TimeZone pst = TimeZone.getTimeZone("GMT-08:00");
        for (long t : instants) {
            Date d = new Date(t);
            System.out.println(t + " " + d + " " + d.getTime() + " " + d.hashCode());
            for (String p : patterns) {
                SimpleDateFormat f = new SimpleDateFormat(p);
                f.setTimeZone(utc);
                StringBuilder sb = new StringBuilder("  ").append(f.format(d));
                f.setTimeZone(ist);
                sb.append(" | ").append(f.format(d));
                f.setTimeZone(pst);
                sb.append(" | ").append(f.format(d));
                System.out.println(sb);
            }
        }
        for (String bad : new String[] { "yyyy-qq", "'unterminated", "XXXX" }) {
            try {
                new SimpleDateFormat(bad);
            } catch (IllegalArgumentException e) {
                System.out.println(bad + ": " + e.getMessage());
            }
        }
        SimpleDateFormat p = new SimpleDateFormat("yyyy-MM-dd HH:mm:ss");
        String[] inputs = { "2024-02-29 13:45:10", "1999-12-31 23:59:59", "2024-13-01 00:00:00", "2024-1-5 7:8:9 trailing", "bad", "2024-02-29" };
        for (String in : inputs) {
            try {
                Date d = p.parse(in);
                System.out.println(in + " -> " + d.getTime() + " " + d);
            } catch (ParseException e) {
                System.out.println(in + " -> ParseException " + e.getMessage() + " at " + e.getErrorOffset());
            }
        }
        String[][] parses = { { "dd MMM yyyy", "05 Mar 2021" }, { "EEE, d MMMM yy", "Friday, 1 january 21" },
                              { "yyyyMMddHHmmss", "20200102030405" }, { "h:mm a", "3:30 PM" }, { "yyyy-MM-dd'T'HH:mm:ssXXX", "2020-06-01T12:00:00+02:00" },
                              { "yyyy-MM-dd HH:mm Z", "2020-06-01 12:00 -0700" }, { "yyyy-MM-dd HH:mm z", "2020-06-01 12:00 GMT+01:00" },
                              { "yyyy-MM-dd HH:mm X", "2020-06-01 12:00 Z" }, { "D yyyy", "60 2024" } };
        for (String[] pi : parses) {
            Date d = new SimpleDateFormat(pi[0]).parse(pi[1]);
            System.out.println(pi[0] + " | " + pi[1] + " -> " + d.getTime());
        }

        Calendar c = Calendar.getInstance();
        c.setTimeInMillis(1706745600000L); // 2024-02-01
        System.out.println(c.get(Calendar.YEAR) + " " + c.get(Calendar.MONTH) + " " + c.get(Calendar.DAY_OF_MONTH) + " " + c.get(Calendar.DAY_OF_WEEK)
            + " " + c.get(Calendar.DAY_OF_YEAR) + " " + c.get(Calendar.WEEK_OF_YEAR) + " " + c.getActualMaximum(Calendar.DAY_OF_MONTH)
            + " " + c.getTimeZone().getID() + " " + c.getTime());
        c.add(Calendar.MONTH, 1);
        c.set(Calendar.DAY_OF_MONTH, 31);
        System.out.println(c.getTime());
        c.set(2024, Calendar.JANUARY, 31, 10, 20, 30);
        c.add(Calendar.MONTH, 1);
        System.out.println(c.getTime() + " " + c.get(Calendar.MILLISECOND));
        c.add(Calendar.DAY_OF_MONTH, 400);
        c.add(Calendar.HOUR_OF_DAY, -30);
        c.add(Calendar.YEAR, -1);
        System.out.println(c.getTime() + " " + c.get(Calendar.HOUR) + " " + c.get(Calendar.AM_PM));
        c.set(Calendar.MONTH, 13);
        c.set(Calendar.HOUR_OF_DAY, 25);
        System.out.println(c.getTime());
        c.set(Calendar.DAY_OF_WEEK, Calendar.MONDAY);
        System.out.println(c.getTime());
        c.roll(Calendar.MONTH, 11);
        System.out.println(c.getTime());
        c.set(Calendar.DAY_OF_YEAR, 1);
        System.out.println(c.getTime());
        Calendar g = new GregorianCalendar(2000, Calendar.FEBRUARY, 29);
        System.out.println(g.getTimeInMillis() + " " + ((GregorianCalendar) g).isLeapYear(1900) + " " + ((GregorianCalendar) g).isLeapYear(2000)
            + " " + g.before(c) + " " + g.compareTo(c) + " " + g.getDisplayName(Calendar.MONTH, Calendar.LONG, Locale.US)
            + " " + g.getDisplayName(Calendar.DAY_OF_WEEK, Calendar.SHORT, Locale.US));
        Calendar z = Calendar.getInstance(TimeZone.getTimeZone("GMT+05:30"));
        z.setTimeInMillis(0);
        System.out.println(z.get(Calendar.HOUR_OF_DAY) + ":" + z.get(Calendar.MINUTE) + " " + z.get(Calendar.ZONE_OFFSET));
        z.clear();
        z.set(Calendar.YEAR, 2001);
        System.out.println(z.getTimeInMillis());
        @SuppressWarnings("deprecation")
        Date old = new Date(99, 11, 31, 23, 59, 58);
        System.out.println(old + " " + old.getYear() + " " + old.getMonth() + " " + old.getDay() + " " + old.before(new Date(0)) + " " + old.compareTo(new Date(0)));

        TimeZone[] zones = { TimeZone.getDefault(), utc, ist, pst, TimeZone.getTimeZone("GMT"), TimeZone.getTimeZone("GMT+3"), TimeZone.getTimeZone("GMT-0130"),
                             TimeZone.getTimeZone("GMT+24:00"), TimeZone.getTimeZone("nonsense") };
        for (TimeZone tz : zones) {
            System.out.println(tz.getID() + " " + tz.getRawOffset() + " " + tz.getOffset(0L) + " " + tz.getDisplayName() + " "
                + tz.getDisplayName(false, TimeZone.SHORT) + " " + tz.useDaylightTime() + " " + tz.inDaylightTime(new Date()));
        }

        Date when = new Date(1700000000123L);
        Object[] margs = { 3, "disk", when, 1234.5678, -7 };
        String[] mps = { "There are {0} files on {1}.", "{1} at {2,time,short} on {2,date,long}: {3,number,#.##} / {3,number,integer} / {3,number,percent}",
                         "It''s '{0}' and {0}", "{0,choice,0#no files|1#one file|1<{0,number,integer} files}", "missing {7} and {4}",
                         "{2,date} {2,time} {2,date,yyyy.MM.dd} {2,date,full} {2,time,full}", "{3} {4,number} {0,number,000.0}", "{2}" };
        for (String mp : mps) System.out.println(MessageFormat.format(mp, margs));
        for (int n = 0; n < 3; n++) System.out.println(MessageFormat.format("{0,choice,0#none|1#single|2#pair} {0}", n));
        try {
            MessageFormat.format("{0", 1);
        } catch (IllegalArgumentException e) {
            System.out.println(e.getMessage());
        }
        try {
            MessageFormat.format("{0,bogus}", 1);
        } catch (IllegalArgumentException e) {
            System.out.println(e.getMessage());
        }
        System.out.println(DateFormat.getDateInstance().format(when) + " | " + DateFormat.getTimeInstance().format(when) + " | "
            + DateFormat.getDateTimeInstance().format(when) + " | " + DateFormat.getDateTimeInstance(DateFormat.FULL, DateFormat.LONG).format(when)
            + " | " + DateFormat.getDateTimeInstance(DateFormat.SHORT, DateFormat.SHORT).format(when) + " | " + new SimpleDateFormat().format(when));
        System.out.println(new DecimalFormat("#,##0.00").format(1234567.005) + " " + new DecimalFormat("0.###E0".replace("E0", "")).format(2.0 / 3)
            + " " + NumberFormat.getInstance().format(-0.0004) + " " + new ChoiceFormat("0#zero|1#one|2#two").format(5));
    }
}
