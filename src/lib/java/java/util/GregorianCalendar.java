/* java.util.GregorianCalendar for vifvm: see Calendar (proleptic
 * Gregorian, US week rules, fixed-offset time zones). */
package java.util;

import jdk.internal.vifvm.CivilDate;

public class GregorianCalendar extends Calendar {
    public static final int BC = 0;
    public static final int AD = 1;
    private static final long serialVersionUID = -8125100834729963327L;

    public GregorianCalendar() {
        this(TimeZone.getDefault());
    }

    public GregorianCalendar(TimeZone zone) {
        this(zone, Locale.getDefault());
    }

    public GregorianCalendar(Locale aLocale) {
        this(TimeZone.getDefault(), aLocale);
    }

    public GregorianCalendar(TimeZone zone, Locale aLocale) {
        super(zone, aLocale);
        setTimeInMillis(System.currentTimeMillis());
    }

    public GregorianCalendar(int year, int month, int dayOfMonth) {
        this(year, month, dayOfMonth, 0, 0, 0);
    }

    public GregorianCalendar(int year, int month, int dayOfMonth, int hourOfDay, int minute) {
        this(year, month, dayOfMonth, hourOfDay, minute, 0);
    }

    public GregorianCalendar(int year, int month, int dayOfMonth, int hourOfDay, int minute, int second) {
        super(TimeZone.getDefault(), Locale.getDefault());
        clear();
        set(year, month, dayOfMonth, hourOfDay, minute, second);
    }

    public boolean isLeapYear(int year) {
        return CivilDate.isLeap(year);
    }

    public boolean equals(Object obj) {
        return obj instanceof GregorianCalendar && super.equals(obj);
    }

    public int hashCode() {
        return super.hashCode() ^ 577736; // the Gregorian cutover date, as in the JDK
    }
}
