/* java.util.Locale for vifvm: a few constants only (formatting and case
 * mapping are locale-independent in vifvm). */
package java.util;

public final class Locale implements Cloneable, java.io.Serializable {
    private final String language;
    private final String country;

    public static final Locale ROOT = new Locale("", "");
    public static final Locale ENGLISH = new Locale("en", "");
    public static final Locale US = new Locale("en", "US");
    public static final Locale UK = new Locale("en", "GB");

    public Locale(String language, String country) {
        if (language == null || country == null) throw new NullPointerException();
        this.language = language.toLowerCase();
        this.country = country.toUpperCase();
    }

    public Locale(String language) {
        this(language, "");
    }

    public static Locale getDefault() {
        return US;
    }

    public String getLanguage() {
        return language;
    }

    public String getCountry() {
        return country;
    }

    public String toString() {
        if (country.isEmpty()) return language;
        return language + "_" + country;
    }

    public boolean equals(Object o) {
        if (!(o instanceof Locale)) return false;
        Locale l = (Locale) o;
        return language.equals(l.language) && country.equals(l.country);
    }

    public int hashCode() {
        return language.hashCode() * 31 + country.hashCode();
    }
}
