/* java.util.TimeZone for vifvm: UTC, GMT and fixed offsets ("GMT+05:30",
 * "GMT-8", "GMT+0130"), with no daylight saving time.  There is no time
 * zone database: a region ID such as "Europe/Paris" is, like an unknown
 * ID in the JDK, GMT.  The default zone is the one named by the
 * user.timezone property when it is one of these, else UTC. */
package java.util;

public abstract class TimeZone implements java.io.Serializable, Cloneable {
    public static final int SHORT = 0;
    public static final int LONG = 1;
    private static final long serialVersionUID = 3581463369166924961L;
    private static volatile TimeZone defaultTimeZone;

    private String ID;

    public TimeZone() {}

    public abstract int getOffset(int era, int year, int month, int day, int dayOfWeek, int milliseconds);

    public int getOffset(long date) {
        return getRawOffset();
    }

    public abstract void setRawOffset(int offsetMillis);

    public abstract int getRawOffset();

    public String getID() {
        return ID;
    }

    public void setID(String ID) {
        if (ID == null) throw new NullPointerException();
        this.ID = ID;
    }

    public final String getDisplayName() {
        return getDisplayName(false, LONG);
    }

    public final String getDisplayName(Locale locale) {
        return getDisplayName(false, LONG);
    }

    public final String getDisplayName(boolean daylight, int style) {
        return getDisplayName(daylight, style, Locale.US);
    }

    public String getDisplayName(boolean daylight, int style, Locale locale) {
        if (style != SHORT && style != LONG) throw new IllegalArgumentException("Illegal style: " + style);
        String id = getID();
        if (id.equals("UTC")) return style == LONG ? "Coordinated Universal Time" : "UTC";
        if (id.equals("GMT")) return style == LONG ? "Greenwich Mean Time" : "GMT";
        if (id.startsWith("GMT+") || id.startsWith("GMT-")) return id;
        return customID(getRawOffset());
    }

    public int getDSTSavings() {
        return 0;
    }

    public abstract boolean useDaylightTime();

    public boolean observesDaylightTime() {
        return useDaylightTime();
    }

    public abstract boolean inDaylightTime(Date date);

    public boolean hasSameRules(TimeZone other) {
        return other != null && getRawOffset() == other.getRawOffset() && useDaylightTime() == other.useDaylightTime();
    }

    public Object clone() {
        try {
            return super.clone();
        } catch (CloneNotSupportedException e) {
            throw new InternalError(e);
        }
    }

    public static synchronized TimeZone getTimeZone(String ID) {
        TimeZone z = parse(ID);
        return z != null ? z : new Fixed("GMT", 0);
    }

    public static synchronized String[] getAvailableIDs() {
        return new String[] { "GMT", "UTC" };
    }

    public static synchronized String[] getAvailableIDs(int rawOffset) {
        return rawOffset == 0 ? getAvailableIDs() : new String[0];
    }

    public static TimeZone getDefault() {
        TimeZone z = defaultTimeZone;
        if (z == null) {
            String id = System.getProperty("user.timezone");
            z = (id == null || id.isEmpty()) ? null : parse(id);
            if (z == null) z = new Fixed("UTC", 0);
            defaultTimeZone = z;
        }
        return (TimeZone) z.clone();
    }

    public static void setDefault(TimeZone zone) {
        defaultTimeZone = zone == null ? null : (TimeZone) zone.clone();
    }

    /* "+05:30" style text of an offset, as in custom IDs */
    static String customID(int offsetMillis) {
        int m = offsetMillis / 60000;
        char sign = '+';
        if (m < 0) {
            sign = '-';
            m = -m;
        }
        StringBuilder sb = new StringBuilder("GMT").append(sign);
        int h = m / 60;
        m %= 60;
        if (h < 10) sb.append('0');
        sb.append(h).append(':');
        if (m < 10) sb.append('0');
        return sb.append(m).toString();
    }

    /* UTC, GMT (and UT, Z? no: as the JDK, those are unknown) or a custom
     * GMT[+-]hh[[:]mm] ID; null for anything else */
    private static TimeZone parse(String id) {
        if (id == null) throw new NullPointerException();
        if (id.equals("UTC") || id.equals("GMT")) return new Fixed(id, 0);
        if (!id.startsWith("GMT") || id.length() <= 4) return null;
        char sign = id.charAt(3);
        if (sign != '+' && sign != '-') return null;
        String rest = id.substring(4);
        int h, m = 0;
        int colon = rest.indexOf(':');
        try {
            if (colon >= 0) {
                if (colon == 0 || colon > 2 || rest.length() - colon - 1 != 2) return null;
                h = Integer.parseInt(rest.substring(0, colon));
                m = Integer.parseInt(rest.substring(colon + 1));
            } else if (rest.length() <= 2) {
                h = Integer.parseInt(rest);
            } else if (rest.length() == 3 || rest.length() == 4) {
                h = Integer.parseInt(rest.substring(0, rest.length() - 2));
                m = Integer.parseInt(rest.substring(rest.length() - 2));
            } else {
                return null;
            }
        } catch (NumberFormatException e) {
            return null;
        }
        for (int i = 0; i < rest.length(); i++) {
            char c = rest.charAt(i);
            if (c != ':' && (c < '0' || c > '9')) return null;
        }
        if (h > 23 || m > 59) return null;
        int off = (h * 60 + m) * 60000;
        String cid = customID(off);
        if (sign == '-') {
            off = -off;
            cid = "GMT-" + cid.substring(4); // "GMT-00:00" keeps its sign
        }
        return new Fixed(cid, off);
    }

    /* A zone with a fixed offset and no daylight saving time. */
    private static final class Fixed extends TimeZone {
        private static final long serialVersionUID = 1L;
        private int rawOffset;

        Fixed(String id, int rawOffset) {
            setID(id);
            this.rawOffset = rawOffset;
        }

        public int getOffset(int era, int year, int month, int day, int dayOfWeek, int milliseconds) {
            return rawOffset;
        }

        public void setRawOffset(int offsetMillis) {
            rawOffset = offsetMillis;
        }

        public int getRawOffset() {
            return rawOffset;
        }

        public boolean useDaylightTime() {
            return false;
        }

        public boolean inDaylightTime(Date date) {
            return false;
        }

        public boolean equals(Object o) {
            return o instanceof Fixed && ((Fixed) o).getID().equals(getID()) && ((Fixed) o).rawOffset == rawOffset;
        }

        public int hashCode() {
            return getID().hashCode() ^ rawOffset;
        }

        public String toString() {
            return "sun.util.calendar.ZoneInfo[id=\"" + getID() + "\",offset=" + rawOffset
                + ",dstSavings=0,useDaylight=false,transitions=0,lastRule=null]";
        }
    }
}
