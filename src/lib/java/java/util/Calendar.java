/* java.util.Calendar for vifvm (JDK 17 API, US week rules: weeks start on
 * Sunday, the first week of a year is the one holding January 1).  The
 * calendar is the proleptic Gregorian one (no Julian dates before 1582).
 * Fields set with set() are resolved when next read, as in the JDK:
 * YEAR+MONTH+DAY_OF_MONTH, YEAR+DAY_OF_YEAR or a DAY_OF_WEEK within the
 * current week, whichever was set last; HOUR_OF_DAY or AM_PM+HOUR.
 * Out-of-range values roll over (lenient); non-lenient checking is not
 * done. */
package java.util;

import jdk.internal.vifvm.CivilDate;

public abstract class Calendar implements java.io.Serializable, Cloneable, Comparable<Calendar> {
    public static final int ERA = 0;
    public static final int YEAR = 1;
    public static final int MONTH = 2;
    public static final int WEEK_OF_YEAR = 3;
    public static final int WEEK_OF_MONTH = 4;
    public static final int DATE = 5;
    public static final int DAY_OF_MONTH = 5;
    public static final int DAY_OF_YEAR = 6;
    public static final int DAY_OF_WEEK = 7;
    public static final int DAY_OF_WEEK_IN_MONTH = 8;
    public static final int AM_PM = 9;
    public static final int HOUR = 10;
    public static final int HOUR_OF_DAY = 11;
    public static final int MINUTE = 12;
    public static final int SECOND = 13;
    public static final int MILLISECOND = 14;
    public static final int ZONE_OFFSET = 15;
    public static final int DST_OFFSET = 16;
    public static final int FIELD_COUNT = 17;
    public static final int SUNDAY = 1;
    public static final int MONDAY = 2;
    public static final int TUESDAY = 3;
    public static final int WEDNESDAY = 4;
    public static final int THURSDAY = 5;
    public static final int FRIDAY = 6;
    public static final int SATURDAY = 7;
    public static final int JANUARY = 0;
    public static final int FEBRUARY = 1;
    public static final int MARCH = 2;
    public static final int APRIL = 3;
    public static final int MAY = 4;
    public static final int JUNE = 5;
    public static final int JULY = 6;
    public static final int AUGUST = 7;
    public static final int SEPTEMBER = 8;
    public static final int OCTOBER = 9;
    public static final int NOVEMBER = 10;
    public static final int DECEMBER = 11;
    public static final int UNDECIMBER = 12;
    public static final int AM = 0;
    public static final int PM = 1;
    public static final int ALL_STYLES = 0;
    public static final int SHORT = 1;
    public static final int LONG = 2;
    public static final int NARROW_FORMAT = 4;
    public static final int SHORT_FORMAT = 1;
    public static final int LONG_FORMAT = 2;
    public static final int SHORT_STANDALONE = 32769;
    public static final int LONG_STANDALONE = 32770;
    private static final long serialVersionUID = -1807547505821590642L;
    private static final long DAY_MS = 86400000L;

    protected int[] fields = new int[FIELD_COUNT];
    protected boolean[] isSet = new boolean[FIELD_COUNT];
    protected long time;
    protected boolean isTimeSet;
    protected boolean areFieldsSet;
    private int[] stamp = new int[FIELD_COUNT];
    private int nextStamp = 2;
    private TimeZone zone;
    private boolean lenient = true;

    protected Calendar() {
        this(TimeZone.getDefault(), Locale.getDefault());
    }

    protected Calendar(TimeZone zone, Locale aLocale) {
        this.zone = zone;
    }

    public static Calendar getInstance() {
        return new GregorianCalendar();
    }

    public static Calendar getInstance(TimeZone zone) {
        return new GregorianCalendar(zone);
    }

    public static Calendar getInstance(Locale aLocale) {
        return new GregorianCalendar();
    }

    public static Calendar getInstance(TimeZone zone, Locale aLocale) {
        return new GregorianCalendar(zone);
    }

    public final Date getTime() {
        return new Date(getTimeInMillis());
    }

    public final void setTime(Date date) {
        setTimeInMillis(date.getTime());
    }

    public long getTimeInMillis() {
        if (!isTimeSet) updateTime();
        return time;
    }

    public void setTimeInMillis(long millis) {
        time = millis;
        isTimeSet = true;
        computeFields();
    }

    private void updateTime() {
        computeTime();
        isTimeSet = true;
        computeFields();
    }

    private void complete() {
        if (!isTimeSet) updateTime();
        else if (!areFieldsSet) computeFields();
    }

    public int get(int field) {
        complete();
        return fields[field];
    }

    protected final int internalGet(int field) {
        return fields[field];
    }

    public void set(int field, int value) {
        if (isTimeSet && !areFieldsSet) computeFields();
        fields[field] = value;
        isSet[field] = true;
        stamp[field] = nextStamp++;
        isTimeSet = false;
    }

    public final void set(int year, int month, int date) {
        set(YEAR, year);
        set(MONTH, month);
        set(DATE, date);
    }

    public final void set(int year, int month, int date, int hourOfDay, int minute) {
        set(year, month, date);
        set(HOUR_OF_DAY, hourOfDay);
        set(MINUTE, minute);
    }

    public final void set(int year, int month, int date, int hourOfDay, int minute, int second) {
        set(year, month, date, hourOfDay, minute);
        set(SECOND, second);
    }

    public final void clear() {
        for (int i = 0; i < FIELD_COUNT; i++) {
            fields[i] = 0;
            isSet[i] = false;
            stamp[i] = 0;
        }
        fields[ERA] = 1;
        fields[YEAR] = 1970;
        fields[DAY_OF_MONTH] = 1;
        areFieldsSet = false;
        isTimeSet = false;
    }

    public final void clear(int field) {
        if (isTimeSet && !areFieldsSet) computeFields();
        fields[field] = field == YEAR ? 1970 : field == DAY_OF_MONTH ? 1 : field == ERA ? 1 : 0;
        isSet[field] = false;
        stamp[field] = 0;
        isTimeSet = false;
    }

    public final boolean isSet(int field) {
        return stamp[field] != 0 || (areFieldsSet && isTimeSet);
    }

    protected void computeFields() {
        int off = zone.getOffset(time);
        long local = time + off;
        long day = Math.floorDiv(local, DAY_MS);
        int ms = (int) Math.floorMod(local, DAY_MS);
        int[] ymd = CivilDate.fromEpochDay(day);
        int y = ymd[0];
        fields[ERA] = y > 0 ? 1 : 0;
        fields[YEAR] = y > 0 ? y : 1 - y;
        fields[MONTH] = ymd[1] - 1;
        fields[DAY_OF_MONTH] = ymd[2];
        int doy = (int) (day - CivilDate.toEpochDay(y, 1, 1)) + 1;
        fields[DAY_OF_YEAR] = doy;
        int dow = CivilDate.dayOfWeek(day) % 7 + 1; // Sunday = 1
        fields[DAY_OF_WEEK] = dow;
        fields[DAY_OF_WEEK_IN_MONTH] = (ymd[2] - 1) / 7 + 1;
        int jan1 = CivilDate.dayOfWeek(CivilDate.toEpochDay(y, 1, 1)) % 7; // 0 = Sunday
        int woy = (doy - 1 + jan1) / 7 + 1;
        int yearLen = CivilDate.isLeap(y) ? 366 : 365;
        if ((doy - (dow - 1)) + 6 > yearLen) woy = 1; // this week holds next January 1
        fields[WEEK_OF_YEAR] = woy;
        int first = CivilDate.dayOfWeek(day - ymd[2] + 1) % 7;
        fields[WEEK_OF_MONTH] = (ymd[2] - 1 + first) / 7 + 1;
        int hod = ms / 3600000;
        fields[HOUR_OF_DAY] = hod;
        fields[AM_PM] = hod / 12;
        fields[HOUR] = hod % 12;
        fields[MINUTE] = ms / 60000 % 60;
        fields[SECOND] = ms / 1000 % 60;
        fields[MILLISECOND] = ms % 1000;
        fields[ZONE_OFFSET] = off;
        fields[DST_OFFSET] = 0;
        for (int i = 0; i < FIELD_COUNT; i++) isSet[i] = true;
        areFieldsSet = true;
    }

    protected void computeTime() {
        long y = fields[YEAR];
        if (fields[ERA] == 0) y = 1 - y;
        long day;
        int sDom = Math.max(stamp[DAY_OF_MONTH], stamp[MONTH]);
        if (stamp[DAY_OF_YEAR] > sDom && stamp[DAY_OF_YEAR] >= stamp[DAY_OF_WEEK]) {
            day = CivilDate.toEpochDay(y, 1, 1) + fields[DAY_OF_YEAR] - 1;
        } else {
            long m = fields[MONTH];
            y += Math.floorDiv(m, 12);
            m = Math.floorMod(m, 12);
            day = CivilDate.toEpochDay(y, (int) m + 1, 1) + fields[DAY_OF_MONTH] - 1;
            if (stamp[DAY_OF_WEEK] > sDom) {
                int cur = CivilDate.dayOfWeek(day) % 7 + 1;
                day += fields[DAY_OF_WEEK] - cur;
            }
        }
        long hod;
        if (stamp[HOUR_OF_DAY] >= Math.max(stamp[HOUR], stamp[AM_PM])) hod = fields[HOUR_OF_DAY];
        else hod = 12L * fields[AM_PM] + fields[HOUR];
        long ms = ((hod * 60 + fields[MINUTE]) * 60 + fields[SECOND]) * 1000 + fields[MILLISECOND];
        long local = day * DAY_MS + ms;
        time = local - zone.getOffset(local);
    }

    public void add(int field, int amount) {
        if (amount == 0) return;
        complete();
        switch (field) {
        case ERA:
            return;
        case YEAR:
        case MONTH: {
            int y = fields[ERA] == 0 ? 1 - fields[YEAR] : fields[YEAR];
            long months = (long) y * 12 + fields[MONTH] + (field == YEAR ? (long) amount * 12 : amount);
            long ny = Math.floorDiv(months, 12);
            int nm = (int) Math.floorMod(months, 12) + 1;
            int d = Math.min(fields[DAY_OF_MONTH], CivilDate.monthLength(ny, nm));
            long msOfDay = ((fields[HOUR_OF_DAY] * 60L + fields[MINUTE]) * 60 + fields[SECOND]) * 1000 + fields[MILLISECOND];
            long local = CivilDate.toEpochDay(ny, nm, d) * DAY_MS + msOfDay;
            setTimeInMillis(local - zone.getOffset(local));
            return;
        }
        case WEEK_OF_YEAR:
        case WEEK_OF_MONTH:
        case DAY_OF_WEEK_IN_MONTH:
            setTimeInMillis(time + amount * 7L * DAY_MS);
            return;
        case DAY_OF_MONTH:
        case DAY_OF_YEAR:
        case DAY_OF_WEEK:
            setTimeInMillis(time + amount * DAY_MS);
            return;
        case AM_PM:
            setTimeInMillis(time + amount * 12L * 3600000L);
            return;
        case HOUR:
        case HOUR_OF_DAY:
            setTimeInMillis(time + amount * 3600000L);
            return;
        case MINUTE:
            setTimeInMillis(time + amount * 60000L);
            return;
        case SECOND:
            setTimeInMillis(time + amount * 1000L);
            return;
        case MILLISECOND:
            setTimeInMillis(time + amount);
            return;
        default:
            throw new IllegalArgumentException();
        }
    }

    public void roll(int field, boolean up) {
        roll(field, up ? +1 : -1);
    }

    /* Adds within the field's range, leaving larger fields alone. */
    public void roll(int field, int amount) {
        complete();
        int min = getActualMinimum(field), max = getActualMaximum(field);
        int range = max - min + 1;
        int v = (int) (Math.floorMod((long) fields[field] - min + amount, (long) range) + min);
        if (field == MONTH) {
            int y = fields[YEAR];
            int d = Math.min(fields[DAY_OF_MONTH], CivilDate.monthLength(fields[ERA] == 0 ? 1 - y : y, v + 1));
            set(MONTH, v);
            set(DAY_OF_MONTH, d);
        } else if (field == YEAR) {
            add(YEAR, amount);
            return;
        } else {
            set(field, v);
        }
        complete();
    }

    public void setTimeZone(TimeZone value) {
        complete();
        zone = value;
        computeFields();
    }

    public TimeZone getTimeZone() {
        return zone;
    }

    public void setLenient(boolean lenient) {
        this.lenient = lenient;
    }

    public boolean isLenient() {
        return lenient;
    }

    public void setFirstDayOfWeek(int value) {}

    public int getFirstDayOfWeek() {
        return SUNDAY;
    }

    public void setMinimalDaysInFirstWeek(int value) {}

    public int getMinimalDaysInFirstWeek() {
        return 1;
    }

    private static final int[] MIN = { 0, 1, 0, 1, 0, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, -13 * 3600000, 0 };
    private static final int[] MAX = { 1, 292278994, 11, 53, 6, 31, 366, 7, 6, 1, 11, 23, 59, 59, 999, 14 * 3600000, 2 * 3600000 };

    public int getMinimum(int field) {
        return MIN[field];
    }

    public int getMaximum(int field) {
        return MAX[field];
    }

    public int getGreatestMinimum(int field) {
        return MIN[field];
    }

    public int getLeastMaximum(int field) {
        switch (field) {
        case DAY_OF_MONTH: return 28;
        case DAY_OF_YEAR: return 365;
        case WEEK_OF_YEAR: return 52;
        case WEEK_OF_MONTH: return 4;
        case DAY_OF_WEEK_IN_MONTH: return 4;
        default: return MAX[field];
        }
    }

    public int getActualMinimum(int field) {
        return MIN[field];
    }

    public int getActualMaximum(int field) {
        complete();
        int y = fields[ERA] == 0 ? 1 - fields[YEAR] : fields[YEAR];
        switch (field) {
        case DAY_OF_MONTH: return CivilDate.monthLength(y, fields[MONTH] + 1);
        case DAY_OF_YEAR: return CivilDate.isLeap(y) ? 366 : 365;
        case DAY_OF_WEEK_IN_MONTH: return (CivilDate.monthLength(y, fields[MONTH] + 1) - 1) / 7 + 1;
        default: return MAX[field];
        }
    }

    public String getDisplayName(int field, int style, Locale locale) {
        int v = get(field);
        boolean lng = (style & 3) == LONG;
        switch (field) {
        case MONTH: return lng ? CivilDate.MONTHS[v] : CivilDate.SHORT_MONTHS[v];
        case DAY_OF_WEEK: return lng ? CivilDate.DAYS[v - 1] : CivilDate.SHORT_DAYS[v - 1];
        case AM_PM: return v == 0 ? "AM" : "PM";
        case ERA: return v == 0 ? "BC" : "AD";
        default: return null;
        }
    }

    public boolean equals(Object obj) {
        if (this == obj) return true;
        if (!(obj instanceof Calendar)) return false;
        Calendar that = (Calendar) obj;
        return getTimeInMillis() == that.getTimeInMillis() && zone.equals(that.zone) && lenient == that.lenient;
    }

    public int hashCode() {
        int otheritems = (lenient ? 1 : 0) | (1 << 1) | (1 << 4) | (zone.hashCode() << 7);
        long t = getTimeInMillis();
        return (int) t ^ (int) (t >> 32) ^ otheritems;
    }

    public boolean before(Object when) {
        return when instanceof Calendar && compareTo((Calendar) when) < 0;
    }

    public boolean after(Object when) {
        return when instanceof Calendar && compareTo((Calendar) when) > 0;
    }

    public int compareTo(Calendar anotherCalendar) {
        return Long.compare(getTimeInMillis(), anotherCalendar.getTimeInMillis());
    }

    public Object clone() {
        try {
            Calendar other = (Calendar) super.clone();
            other.fields = fields.clone();
            other.isSet = isSet.clone();
            other.stamp = stamp.clone();
            other.zone = (TimeZone) zone.clone();
            return other;
        } catch (CloneNotSupportedException e) {
            throw new InternalError(e);
        }
    }

    public final java.time.Instant toInstant() {
        return java.time.Instant.ofEpochMilli(getTimeInMillis());
    }
}
