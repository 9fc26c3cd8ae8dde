/* java.text.DecimalFormatSymbols for vifvm: US English only. */
package java.text;

import java.util.Locale;

public class DecimalFormatSymbols implements Cloneable, java.io.Serializable {
    private static final long serialVersionUID = 5772796243397350300L;

    public DecimalFormatSymbols() {}

    public DecimalFormatSymbols(Locale locale) {}

    public static final DecimalFormatSymbols getInstance() {
        return new DecimalFormatSymbols();
    }

    public static final DecimalFormatSymbols getInstance(Locale locale) {
        return new DecimalFormatSymbols();
    }

    public char getZeroDigit() { return '0'; }
    public char getGroupingSeparator() { return ','; }
    public char getDecimalSeparator() { return '.'; }
    public char getMinusSign() { return '-'; }
    public char getPercent() { return '%'; }
    public String getInfinity() { return "\u221e"; }
    public String getNaN() { return "NaN"; }
}
