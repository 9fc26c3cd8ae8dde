/* Proleptic Gregorian calendar arithmetic shared by java.time, java.util.Date
 * and java.text.SimpleDateFormat (days since 1970-01-01 <-> year/month/day;
 * H. Hinnant's algorithms).  Not a JDK class: internal to vifvm's library. */
package jdk.internal.vifvm;

public final class CivilDate {
    private CivilDate() {}

    /* US English names; days Sunday first (Calendar.SUNDAY = 1 is index 0) */
    public static final String[] MONTHS = { "January", "February", "March", "April", "May", "June", "July",
        "August", "September", "October", "November", "December" };
    public static final String[] SHORT_MONTHS = { "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug",
        "Sep", "Oct", "Nov", "Dec" };
    public static final String[] DAYS = { "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday",
        "Saturday" };
    public static final String[] SHORT_DAYS = { "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat" };

    public static int monthLength(long y, int m) {
        return m == 2 ? (isLeap(y) ? 29 : 28) : (m == 4 || m == 6 || m == 9 || m == 11) ? 30 : 31;
    }

    /* {year, month 1-12, day 1-31} of the epoch day */
    public static int[] fromEpochDay(long z) {
        z += 719468;
        long era = (z >= 0 ? z : z - 146096) / 146097;
        long doe = z - era * 146097;
        long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
        long y = yoe + era * 400;
        long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        long mp = (5 * doy + 2) / 153;
        long d = doy - (153 * mp + 2) / 5 + 1;
        long m = mp < 10 ? mp + 3 : mp - 9;
        return new int[] { (int) (m <= 2 ? y + 1 : y), (int) m, (int) d };
    }

    public static long toEpochDay(long y, int m, int d) {
        y -= m <= 2 ? 1 : 0;
        long era = (y >= 0 ? y : y - 399) / 400;
        long yoe = y - era * 400;
        long doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
        long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        return era * 146097 + doe - 719468;
    }

    /* 1 = Monday ... 7 = Sunday (ISO) */
    public static int dayOfWeek(long epochDay) {
        return (int) Math.floorMod(epochDay + 3, 7L) + 1;
    }

    public static boolean isLeap(long y) {
        return (y & 3) == 0 && (y % 100 != 0 || y % 400 == 0);
    }

    public static int dayOfYear(int y, int m, int d) {
        return (int) (toEpochDay(y, m, d) - toEpochDay(y, 1, 1)) + 1;
    }

    public static void pad(StringBuilder sb, long v, int width) {
        String s = Long.toString(v);
        for (int i = s.length(); i < width; i++) sb.append('0');
        sb.append(s);
    }
}
