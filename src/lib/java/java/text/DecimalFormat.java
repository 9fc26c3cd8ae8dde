/* java.text.DecimalFormat for vifvm (JDK 17 API subset, US symbols):
 * patterns with a prefix, # 0 , . digits, a suffix, % (x100), the
 * currency sign (printed as itself: there is no currency data, as in the
 * JDK for a locale without a country), an optional ";negative" part; HALF_EVEN
 * rounding of the shortest decimal form of a double (the JDK rounds the
 * exact binary value: they differ only on values whose shortest form ends
 * exactly on a tie).  No exponent (E) patterns. */
package java.text;

public class DecimalFormat extends NumberFormat {
    private static final long serialVersionUID = 864413376551465018L;

    private String positivePrefix = "", positiveSuffix = "", negativePrefix = "-", negativeSuffix = "";
    private int multiplier = 1;
    private int groupingSize = 3;
    private boolean decimalSeparatorAlwaysShown;
    private String pattern;

    public DecimalFormat() {
        this("#,##0.###");
    }

    public DecimalFormat(String pattern) {
        applyPattern(pattern);
    }

    public DecimalFormat(String pattern, DecimalFormatSymbols symbols) {
        applyPattern(pattern);
    }

    public void applyLocalizedPattern(String pattern) {
        applyPattern(pattern);
    }

    public void applyPattern(String pattern) {
        String pos = pattern, neg = null;
        int semi = indexOutsideQuotes(pattern, ';');
        if (semi >= 0) {
            pos = pattern.substring(0, semi);
            neg = pattern.substring(semi + 1);
        }
        String[] parts = split(pos);
        positivePrefix = parts[0];
        positiveSuffix = parts[2];
        String body = parts[1];
        if (neg != null) {
            String[] np = split(neg);
            negativePrefix = np[0];
            negativeSuffix = np[2];
        } else {
            negativePrefix = "-" + positivePrefix;
            negativeSuffix = positiveSuffix;
        }
        multiplier = (pos.indexOf('%') >= 0 && indexOutsideQuotes(pos, '%') >= 0) ? 100
            : (pos.indexOf('\u2030') >= 0 ? 1000 : 1);
        int dot = body.indexOf('.');
        String ip = dot >= 0 ? body.substring(0, dot) : body;
        String fp = dot >= 0 ? body.substring(dot + 1) : "";
        int lastComma = ip.lastIndexOf(',');
        setGroupingUsed(lastComma >= 0);
        if (lastComma >= 0) groupingSize = ip.length() - lastComma - 1;
        int minInt = 0;
        for (int i = 0; i < ip.length(); i++) if (ip.charAt(i) == '0') minInt++;
        if (minInt == 0 && dot > 0 && ip.indexOf('#') >= 0) minInt = 1; // "#.##" prints 0.5 as "0.5", as the JDK
        int minFrac = 0, maxFrac = 0;
        for (int i = 0; i < fp.length(); i++) {
            char c = fp.charAt(i);
            if (c == '0') {
                minFrac++;
                maxFrac++;
            } else if (c == '#') {
                maxFrac++;
            }
        }
        if (dot < 0 && minInt == 0 && ip.length() == 0) throw new IllegalArgumentException("Malformed pattern \"" + pattern + '"');
        setMaximumIntegerDigits(Integer.MAX_VALUE);
        setMinimumIntegerDigits(minInt);
        setMaximumFractionDigits(maxFrac);
        setMinimumFractionDigits(minFrac);
        decimalSeparatorAlwaysShown = dot >= 0 && dot == body.length() - 1;
        this.pattern = pattern;
    }

    private static int indexOutsideQuotes(String s, char ch) {
        boolean q = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\'') q = !q;
            else if (c == ch && !q) return i;
        }
        return -1;
    }

    /* {prefix, digits, suffix} of one sub-pattern */
    private static String[] split(String p) {
        StringBuilder prefix = new StringBuilder(), body = new StringBuilder(), suffix = new StringBuilder();
        int phase = 0;
        for (int i = 0; i < p.length(); i++) {
            char c = p.charAt(i);
            boolean digit = c == '#' || c == '0' || c == ',' || c == '.';
            if (c == '\'') {
                int j = p.indexOf('\'', i + 1);
                if (j < 0) j = p.length();
                String lit = j == i + 1 ? "'" : p.substring(i + 1, j);
                (phase == 0 ? prefix : suffix).append(lit);
                if (phase == 1) phase = 2;
                i = j;
                continue;
            }
            if (digit && phase < 2) {
                phase = 1;
                body.append(c);
            } else {
                if (phase == 1) phase = 2;
                String lit = String.valueOf(c); // the currency sign stays \u00a4: no currency data
                (phase == 0 ? prefix : suffix).append(lit);
            }
        }
        return new String[] { prefix.toString(), body.toString(), suffix.toString() };
    }

    public String toPattern() {
        return pattern;
    }

    public String toLocalizedPattern() {
        return pattern;
    }

    public int getMultiplier() {
        return multiplier;
    }

    public void setMultiplier(int newValue) {
        multiplier = newValue;
    }

    public int getGroupingSize() {
        return groupingSize;
    }

    public void setGroupingSize(int newValue) {
        groupingSize = newValue;
    }

    public boolean isDecimalSeparatorAlwaysShown() {
        return decimalSeparatorAlwaysShown;
    }

    public void setDecimalSeparatorAlwaysShown(boolean newValue) {
        decimalSeparatorAlwaysShown = newValue;
    }

    public String getPositivePrefix() { return positivePrefix; }
    public void setPositivePrefix(String newValue) { positivePrefix = newValue; }
    public String getNegativePrefix() { return negativePrefix; }
    public void setNegativePrefix(String newValue) { negativePrefix = newValue; }
    public String getPositiveSuffix() { return positiveSuffix; }
    public void setPositiveSuffix(String newValue) { positiveSuffix = newValue; }
    public String getNegativeSuffix() { return negativeSuffix; }
    public void setNegativeSuffix(String newValue) { negativeSuffix = newValue; }

    public StringBuffer format(long number, StringBuffer result, FieldPosition fieldPosition) {
        boolean neg = number < 0;
        String digits;
        if (multiplier != 1) {
            long m = number * multiplier;
            if (number != 0 && m / multiplier != number) return format((double) number, result, fieldPosition);
            number = m;
        }
        digits = Long.toString(number);
        if (neg) digits = digits.substring(1);
        return emit(neg, digits, "", result);
    }

    public StringBuffer format(double number, StringBuffer result, FieldPosition fieldPosition) {
        if (Double.isNaN(number)) return result.append("NaN");
        boolean neg = (number < 0.0) || (number == 0.0 && 1 / number < 0.0);
        if (multiplier != 1) number *= multiplier;
        if (Double.isInfinite(number)) return result.append(neg ? negativePrefix : positivePrefix).append('\u221e')
            .append(neg ? negativeSuffix : positiveSuffix);
        double a = Math.abs(number);
        // shortest decimal digits and the position of the decimal point
        String s = Double.toString(a);
        int e = s.indexOf('E');
        int exp = 0;
        if (e >= 0) {
            exp = Integer.parseInt(s.substring(e + 1));
            s = s.substring(0, e);
        }
        int dot = s.indexOf('.');
        StringBuilder d = new StringBuilder(s.substring(0, dot)).append(s.substring(dot + 1));
        int point = dot + exp; // digits before the decimal point
        int lead = 0;
        while (lead < d.length() - 1 && d.charAt(lead) == '0') lead++;
        d.delete(0, lead);
        point -= lead;
        // round HALF_EVEN to maxFrac digits after the point
        int keep = point + getMaximumFractionDigits();
        if (keep < d.length()) {
            boolean up;
            if (keep < 0) {
                up = false;
            } else {
                char first = d.charAt(keep);
                boolean restNonZero = false;
                for (int i = keep + 1; i < d.length(); i++) if (d.charAt(i) != '0') restNonZero = true;
                if (first > '5' || (first == '5' && restNonZero)) up = true;
                else if (first < '5') up = false;
                else up = keep > 0 && ((d.charAt(keep - 1) - '0') & 1) == 1;
            }
            d.setLength(Math.max(keep, 0));
            if (up) {
                int i = d.length() - 1;
                while (i >= 0 && d.charAt(i) == '9') {
                    d.setCharAt(i, '0');
                    i--;
                }
                if (i >= 0) d.setCharAt(i, (char) (d.charAt(i) + 1));
                else {
                    d.insert(0, '1');
                    point++;
                }
            }
        }
        String ip, fp;
        if (point <= 0) {
            ip = "";
            StringBuilder f = new StringBuilder();
            for (int i = 0; i < -point; i++) f.append('0');
            f.append(d);
            fp = f.toString();
        } else if (point >= d.length()) {
            StringBuilder i2 = new StringBuilder(d);
            while (i2.length() < point) i2.append('0');
            ip = i2.toString();
            fp = "";
        } else {
            ip = d.substring(0, point);
            fp = d.substring(point);
        }
        // trim trailing zeros beyond the minimum
        int end = fp.length();
        while (end > getMinimumFractionDigits() && end > 0 && fp.charAt(end - 1) == '0') end--;
        fp = fp.substring(0, Math.min(end, getMaximumFractionDigits()));
        return emit(neg, ip, fp, result);
    }

    private StringBuffer emit(boolean neg, String ip, String fp, StringBuffer result) {
        int s0 = 0;
        while (s0 < ip.length() - 1 && ip.charAt(s0) == '0') s0++;
        ip = ip.substring(s0);
        if (ip.equals("0")) ip = "";
        StringBuilder i2 = new StringBuilder(ip);
        while (i2.length() < getMinimumIntegerDigits()) i2.insert(0, '0');
        StringBuilder f2 = new StringBuilder(fp);
        while (f2.length() < getMinimumFractionDigits()) f2.append('0');
        if (i2.length() == 0 && f2.length() == 0) i2.append('0');
        StringBuilder out = new StringBuilder();
        String ints = i2.toString();
        if (isGroupingUsed() && groupingSize > 0) {
            for (int i = 0; i < ints.length(); i++) {
                if (i > 0 && (ints.length() - i) % groupingSize == 0) out.append(',');
                out.append(ints.charAt(i));
            }
        } else {
            out.append(ints);
        }
        if (f2.length() > 0 || decimalSeparatorAlwaysShown) out.append('.').append(f2);
        result.append(neg ? negativePrefix : positivePrefix).append(out).append(neg ? negativeSuffix : positiveSuffix);
        return result;
    }

    public Number parse(String text, ParsePosition pos) {
        int p = pos.index;
        boolean neg = false;
        if (negativePrefix.length() > 0 && text.startsWith(negativePrefix, p)
            && !(positivePrefix.length() >= negativePrefix.length() && text.startsWith(positivePrefix, p))) {
            neg = true;
            p += negativePrefix.length();
        } else if (text.startsWith(positivePrefix, p)) {
            p += positivePrefix.length();
        } else {
            pos.errorIndex = p;
            return null;
        }
        StringBuilder num = new StringBuilder();
        int start = p;
        boolean seenDot = false;
        while (p < text.length()) {
            char c = text.charAt(p);
            if (c >= '0' && c <= '9') num.append(c);
            else if (c == ',' && isGroupingUsed()) { /* skip */ }
            else if (c == '.' && !seenDot && !isParseIntegerOnly()) {
                seenDot = true;
                num.append(c);
            } else break;
            p++;
        }
        if (p == start || num.length() == 0 || num.toString().equals(".")) {
            pos.errorIndex = start;
            return null;
        }
        String suffix = neg ? negativeSuffix : positiveSuffix;
        if (suffix.length() > 0) {
            if (!text.startsWith(suffix, p)) {
                pos.errorIndex = p;
                return null;
            }
            p += suffix.length();
        }
        pos.index = p;
        double v = Double.parseDouble(num.toString()) / multiplier;
        if (neg) v = -v;
        if (v == (long) v && !(v == 0.0 && neg) && Math.abs(v) < 9.2e18) return Long.valueOf((long) v);
        return Double.valueOf(v);
    }
}
