/* java.util.Date for vifvm (JDK 17 API): milliseconds since the epoch;
 * toString and the deprecated field accessors use the default time zone
 * (TimeZone.getDefault: UTC unless user.timezone names a fixed offset). */
package java.util;

import jdk.internal.vifvm.CivilDate;

public class Date implements java.io.Serializable, Cloneable, Comparable<Date> {
    private static final long serialVersionUID = 7523967970034938905L;
    private transient long fastTime;

    public Date() {
        this(System.currentTimeMillis());
    }

    public Date(long date) {
        fastTime = date;
    }

    @Deprecated
    public Date(int year, int month, int date) {
        this(year, month, date, 0, 0, 0);
    }

    @Deprecated
    public Date(int year, int month, int date, int hrs, int min) {
        this(year, month, date, hrs, min, 0);
    }

    @Deprecated
    public Date(int year, int month, int date, int hrs, int min, int sec) {
        GregorianCalendar c = new GregorianCalendar();
        c.clear();
        c.set(1900 + year, month, date, hrs, min, sec);
        fastTime = c.getTimeInMillis();
    }

    public Object clone() {
        try {
            return super.clone();
        } catch (CloneNotSupportedException e) {
            throw new InternalError(e);
        }
    }

    public long getTime() {
        return fastTime;
    }

    public void setTime(long time) {
        fastTime = time;
    }

    private Calendar cal() {
        GregorianCalendar c = new GregorianCalendar();
        c.setTimeInMillis(fastTime);
        return c;
    }

    private void setField(int field, int value) {
        Calendar c = cal();
        c.set(field, value);
        fastTime = c.getTimeInMillis();
    }

    @Deprecated
    public int getYear() { return cal().get(Calendar.YEAR) - 1900; }
    @Deprecated
    public void setYear(int year) { setField(Calendar.YEAR, year + 1900); }
    @Deprecated
    public int getMonth() { return cal().get(Calendar.MONTH); }
    @Deprecated
    public void setMonth(int month) { setField(Calendar.MONTH, month); }
    @Deprecated
    public int getDate() { return cal().get(Calendar.DAY_OF_MONTH); }
    @Deprecated
    public void setDate(int date) { setField(Calendar.DAY_OF_MONTH, date); }
    @Deprecated
    public int getDay() { return cal().get(Calendar.DAY_OF_WEEK) - 1; }
    @Deprecated
    public int getHours() { return cal().get(Calendar.HOUR_OF_DAY); }
    @Deprecated
    public void setHours(int hours) { setField(Calendar.HOUR_OF_DAY, hours); }
    @Deprecated
    public int getMinutes() { return cal().get(Calendar.MINUTE); }
    @Deprecated
    public void setMinutes(int minutes) { setField(Calendar.MINUTE, minutes); }
    @Deprecated
    public int getSeconds() { return cal().get(Calendar.SECOND); }
    @Deprecated
    public void setSeconds(int seconds) { setField(Calendar.SECOND, seconds); }
    @Deprecated
    public int getTimezoneOffset() { return -TimeZone.getDefault().getOffset(fastTime) / 60000; }

    public boolean before(Date when) {
        return fastTime < when.fastTime;
    }

    public boolean after(Date when) {
        return fastTime > when.fastTime;
    }

    public boolean equals(Object obj) {
        return obj instanceof Date && getTime() == ((Date) obj).getTime();
    }

    public int compareTo(Date anotherDate) {
        return Long.compare(fastTime, anotherDate.fastTime);
    }

    public int hashCode() {
        long ht = this.getTime();
        return (int) ht ^ (int) (ht >> 32);
    }

    /* "EEE MMM dd HH:mm:ss zzz yyyy" */
    public String toString() {
        Calendar c = cal();
        StringBuilder sb = new StringBuilder(28);
        sb.append(CivilDate.SHORT_DAYS[c.get(Calendar.DAY_OF_WEEK) - 1]).append(' ');
        sb.append(CivilDate.SHORT_MONTHS[c.get(Calendar.MONTH)]).append(' ');
        CivilDate.pad(sb, c.get(Calendar.DAY_OF_MONTH), 2);
        sb.append(' ');
        CivilDate.pad(sb, c.get(Calendar.HOUR_OF_DAY), 2);
        sb.append(':');
        CivilDate.pad(sb, c.get(Calendar.MINUTE), 2);
        sb.append(':');
        CivilDate.pad(sb, c.get(Calendar.SECOND), 2);
        sb.append(' ');
        sb.append(c.getTimeZone().getDisplayName(false, TimeZone.SHORT)).append(' ');
        int y = c.get(Calendar.YEAR);
        if (c.get(Calendar.ERA) == GregorianCalendar.BC) y = 1 - y;
        sb.append(y);
        return sb.toString();
    }

    public static Date from(java.time.Instant instant) {
        try {
            return new Date(instant.toEpochMilli());
        } catch (ArithmeticException ex) {
            throw new IllegalArgumentException(ex);
        }
    }

    public java.time.Instant toInstant() {
        return java.time.Instant.ofEpochMilli(getTime());
    }
}
