/* java.lang.CharSequence for vifvm. */
package java.lang;

public interface CharSequence {
    int length();

    char charAt(int index);

    default boolean isEmpty() {
        return this.length() == 0;
    }

    CharSequence subSequence(int start, int end);

    default java.util.stream.IntStream chars() {
        final CharSequence cs = this;
        return java.util.stream.StreamSources.ofInts(new java.util.PrimitiveIterator.OfInt() {
            int cur = 0;

            public boolean hasNext() {
                return cur < cs.length();
            }

            public int nextInt() {
                if (hasNext()) return cs.charAt(cur++);
                throw new java.util.NoSuchElementException();
            }
        }, length());
    }

    default java.util.stream.IntStream codePoints() {
        final CharSequence cs = this;
        return java.util.stream.StreamSources.ofInts(new java.util.PrimitiveIterator.OfInt() {
            int cur = 0;

            public boolean hasNext() {
                return cur < cs.length();
            }

            public int nextInt() {
                final int length = cs.length();
                if (cur >= length) throw new java.util.NoSuchElementException();
                char c1 = cs.charAt(cur++);
                if (Character.isHighSurrogate(c1) && cur < length) {
                    char c2 = cs.charAt(cur);
                    if (Character.isLowSurrogate(c2)) {
                        cur++;
                        return Character.toCodePoint(c1, c2);
                    }
                }
                return c1;
            }
        }, -1);
    }

    public String toString();

    public static int compare(CharSequence cs1, CharSequence cs2) {
        if (cs1 == cs2) return 0;
        if (cs1.getClass() == cs2.getClass() && cs1 instanceof Comparable) {
            @SuppressWarnings("unchecked")
            Comparable<Object> c = (Comparable<Object>) cs1;
            return c.compareTo(cs2);
        }
        for (int i = 0, len = Math.min(cs1.length(), cs2.length()); i < len; i++) {
            char a = cs1.charAt(i);
            char b = cs2.charAt(i);
            if (a != b) return a - b;
        }
        return cs1.length() - cs2.length();
    }
}
