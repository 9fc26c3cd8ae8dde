/* java.text.DateFormat for vifvm (JDK 17 API): the style factories give
 * JDK 17's US-English (CLDR) patterns; the locale argument is ignored. */
package java.text;

import java.util.Calendar;
import java.util.Date;
import java.util.Locale;
import java.util.TimeZone;

public abstract class DateFormat extends Format {
    public static final int FULL = 0;
    public static final int LONG = 1;
    public static final int MEDIUM = 2;
    public static final int SHORT = 3;
    public static final int DEFAULT = MEDIUM;
    public static final int ERA_FIELD = 0;
    public static final int YEAR_FIELD = 1;
    public static final int MONTH_FIELD = 2;
    public static final int DATE_FIELD = 3;
    public static final int HOUR_OF_DAY1_FIELD = 4;
    public static final int HOUR_OF_DAY0_FIELD = 5;
    public static final int MINUTE_FIELD = 6;
    public static final int SECOND_FIELD = 7;
    public static final int MILLISECOND_FIELD = 8;
    public static final int DAY_OF_WEEK_FIELD = 9;
    public static final int DAY_OF_YEAR_FIELD = 10;
    public static final int DAY_OF_WEEK_IN_MONTH_FIELD = 11;
    public static final int WEEK_OF_YEAR_FIELD = 12;
    public static final int WEEK_OF_MONTH_FIELD = 13;
    public static final int AM_PM_FIELD = 14;
    public static final int HOUR1_FIELD = 15;
    public static final int HOUR0_FIELD = 16;
    public static final int TIMEZONE_FIELD = 17;
    private static final long serialVersionUID = 7218322306649953788L;

    protected Calendar calendar;

    protected DateFormat() {}

    public final StringBuffer format(Object obj, StringBuffer toAppendTo, FieldPosition fieldPosition) {
        if (obj instanceof Date) return format((Date) obj, toAppendTo, fieldPosition);
        else if (obj instanceof Number) return format(new Date(((Number) obj).longValue()), toAppendTo, fieldPosition);
        else throw new IllegalArgumentException("Cannot format given Object as a Date");
    }

    public abstract StringBuffer format(Date date, StringBuffer toAppendTo, FieldPosition fieldPosition);

    public final String format(Date date) {
        return format(date, new StringBuffer(), new FieldPosition(0)).toString();
    }

    public Date parse(String source) throws ParseException {
        ParsePosition pos = new ParsePosition(0);
        Date result = parse(source, pos);
        if (pos.index == 0) throw new ParseException("Unparseable date: \"" + source + "\"", pos.errorIndex);
        return result;
    }

    public abstract Date parse(String source, ParsePosition pos);

    public Object parseObject(String source, ParsePosition pos) {
        return parse(source, pos);
    }

    static String datePattern(int style) {
        switch (style) {
        case FULL: return "EEEE, MMMM d, y";
        case LONG: return "MMMM d, y";
        case MEDIUM: return "MMM d, y";
        case SHORT: return "M/d/yy";
        default: throw new IllegalArgumentException("Illegal date style " + style);
        }
    }

    static String timePattern(int style) {
        switch (style) {
        case FULL: return "h:mm:ss a zzzz";
        case LONG: return "h:mm:ss a z";
        case MEDIUM: return "h:mm:ss a";
        case SHORT: return "h:mm a";
        default: throw new IllegalArgumentException("Illegal time style " + style);
        }
    }

    static String dateTimePattern(int dateStyle, int timeStyle) {
        String d = datePattern(dateStyle), t = timePattern(timeStyle);
        return dateStyle <= LONG ? d + " 'at' " + t : d + ", " + t;
    }

    public static final DateFormat getTimeInstance() {
        return getTimeInstance(DEFAULT);
    }

    public static final DateFormat getTimeInstance(int style) {
        return new SimpleDateFormat(timePattern(style));
    }

    public static final DateFormat getTimeInstance(int style, Locale aLocale) {
        return getTimeInstance(style);
    }

    public static final DateFormat getDateInstance() {
        return getDateInstance(DEFAULT);
    }

    public static final DateFormat getDateInstance(int style) {
        return new SimpleDateFormat(datePattern(style));
    }

    public static final DateFormat getDateInstance(int style, Locale aLocale) {
        return getDateInstance(style);
    }

    public static final DateFormat getDateTimeInstance() {
        return getDateTimeInstance(DEFAULT, DEFAULT);
    }

    public static final DateFormat getDateTimeInstance(int dateStyle, int timeStyle) {
        return new SimpleDateFormat(dateTimePattern(dateStyle, timeStyle));
    }

    public static final DateFormat getDateTimeInstance(int dateStyle, int timeStyle, Locale aLocale) {
        return getDateTimeInstance(dateStyle, timeStyle);
    }

    public static final DateFormat getInstance() {
        return getDateTimeInstance(SHORT, SHORT);
    }

    public void setCalendar(Calendar newCalendar) {
        this.calendar = newCalendar;
    }

    public Calendar getCalendar() {
        return calendar;
    }

    public void setTimeZone(TimeZone zone) {
        calendar.setTimeZone(zone);
    }

    public TimeZone getTimeZone() {
        return calendar.getTimeZone();
    }

    public void setLenient(boolean lenient) {
        calendar.setLenient(lenient);
    }

    public boolean isLenient() {
        return calendar.isLenient();
    }

    public Object clone() {
        DateFormat other = (DateFormat) super.clone();
        other.calendar = (Calendar) calendar.clone();
        return other;
    }
}
