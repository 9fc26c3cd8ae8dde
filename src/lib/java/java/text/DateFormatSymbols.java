/* java.text.DateFormatSymbols for vifvm: US English only. */
package java.text;

import java.util.Locale;
import jdk.internal.vifvm.CivilDate;

public class DateFormatSymbols implements java.io.Serializable, Cloneable {
    private static final long serialVersionUID = -5987973545549424702L;

    public DateFormatSymbols() {}

    public DateFormatSymbols(Locale locale) {}

    public static final DateFormatSymbols getInstance() {
        return new DateFormatSymbols();
    }

    public static final DateFormatSymbols getInstance(Locale locale) {
        return new DateFormatSymbols();
    }

    public String[] getEras() {
        return new String[] { "BC", "AD" };
    }

    public String[] getMonths() {
        String[] r = new String[13];
        System.arraycopy(CivilDate.MONTHS, 0, r, 0, 12);
        r[12] = "";
        return r;
    }

    public String[] getShortMonths() {
        String[] r = new String[13];
        System.arraycopy(CivilDate.SHORT_MONTHS, 0, r, 0, 12);
        r[12] = "";
        return r;
    }

    public String[] getWeekdays() {
        String[] r = new String[8];
        r[0] = "";
        System.arraycopy(CivilDate.DAYS, 0, r, 1, 7);
        return r;
    }

    public String[] getShortWeekdays() {
        String[] r = new String[8];
        r[0] = "";
        System.arraycopy(CivilDate.SHORT_DAYS, 0, r, 1, 7);
        return r;
    }

    public String[] getAmPmStrings() {
        return new String[] { "AM", "PM" };
    }
}
