/* java.text.ChoiceFormat (JDK 17 API): "0#none|1#one|1<many". */
package java.text;

public class ChoiceFormat extends NumberFormat {
    private static final long serialVersionUID = 1795184449645032964L;
    private double[] choiceLimits;
    private String[] choiceFormats;

    public ChoiceFormat(String newPattern) {
        applyPattern(newPattern);
    }

    public ChoiceFormat(double[] limits, String[] formats) {
        setChoices(limits, formats);
    }

    public void applyPattern(String newPattern) {
        java.util.ArrayList<Double> limits = new java.util.ArrayList<Double>();
        java.util.ArrayList<String> formats = new java.util.ArrayList<String>();
        StringBuilder part = new StringBuilder();
        double limit = 0;
        boolean inLimit = true, quoted = false;
        for (int i = 0; i <= newPattern.length(); i++) {
            char ch = i < newPattern.length() ? newPattern.charAt(i) : '|';
            if (i < newPattern.length() && ch == '\'') {
                if (i + 1 < newPattern.length() && newPattern.charAt(i + 1) == ch) {
                    part.append(ch);
                    i++;
                } else {
                    quoted = !quoted;
                }
            } else if (quoted) {
                part.append(ch);
            } else if (inLimit && (ch == '#' || ch == '<' || ch == '\u2264')) {
                String t = part.toString().trim();
                if (t.equals("\u221e")) limit = Double.POSITIVE_INFINITY;
                else if (t.equals("-\u221e")) limit = Double.NEGATIVE_INFINITY;
                else {
                    try {
                        limit = Double.parseDouble(t);
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("Each interval must contain a number before a format");
                    }
                }
                if (ch == '<') limit = nextDouble(limit);
                part.setLength(0);
                inLimit = false;
            } else if (!inLimit && ch == '|') {
                limits.add(limit);
                formats.add(part.toString());
                part.setLength(0);
                inLimit = true;
            } else {
                part.append(ch);
            }
        }
        double[] l = new double[limits.size()];
        for (int i = 0; i < l.length; i++) l[i] = limits.get(i);
        setChoices(l, formats.toArray(new String[0]));
    }

    public String toPattern() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < choiceLimits.length; i++) {
            if (i != 0) sb.append('|');
            sb.append(choiceLimits[i]).append('#').append(choiceFormats[i]);
        }
        return sb.toString();
    }

    public void setChoices(double[] limits, String[] formats) {
        if (limits.length != formats.length) throw new IllegalArgumentException("Array and limit arrays must be of the same length.");
        choiceLimits = limits.clone();
        choiceFormats = formats.clone();
    }

    public double[] getLimits() {
        return choiceLimits.clone();
    }

    public Object[] getFormats() {
        return choiceFormats.clone();
    }

    public StringBuffer format(long number, StringBuffer toAppendTo, FieldPosition status) {
        return format((double) number, toAppendTo, status);
    }

    public StringBuffer format(double number, StringBuffer toAppendTo, FieldPosition status) {
        int i;
        for (i = 0; i < choiceLimits.length; ++i) {
            if (!(number >= choiceLimits[i])) break;
        }
        --i;
        if (i < 0) i = 0;
        return toAppendTo.append(choiceFormats[i]);
    }

    public Number parse(String text, ParsePosition status) {
        int start = status.index;
        int furthest = start;
        double bestNumber = Double.NaN;
        for (int i = 0; i < choiceFormats.length; ++i) {
            String tempString = choiceFormats[i];
            if (text.regionMatches(start, tempString, 0, tempString.length())) {
                int tempIndex = start + tempString.length();
                if (tempIndex > furthest) {
                    furthest = tempIndex;
                    bestNumber = choiceLimits[i];
                }
            }
        }
        status.index = furthest;
        if (status.index == start) status.errorIndex = furthest;
        return Double.valueOf(bestNumber);
    }

    public static final double nextDouble(double d) {
        return Math.nextUp(d);
    }

    public static final double previousDouble(double d) {
        return Math.nextDown(d);
    }
}
