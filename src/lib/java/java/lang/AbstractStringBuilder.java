/*
 * java.lang.AbstractStringBuilder for vifvm: the shared implementation of
 * StringBuilder and StringBuffer (a growable char[]), with the JDK 17
 * capacity policy (16 by default, growing to 2*n+2) and exception messages.
 */
package java.lang;

abstract class AbstractStringBuilder implements Appendable, CharSequence {
    char[] value;
    int count;

    AbstractStringBuilder() {
        value = new char[16];
    }

    AbstractStringBuilder(int capacity) {
        if (capacity < 0) throw new NegativeArraySizeException(Integer.toString(capacity));
        value = new char[capacity];
    }

    AbstractStringBuilder(String str) {
        int len = str.length();
        int cap = len + 16;
        if (cap < 0) cap = Integer.MAX_VALUE;
        value = new char[cap];
        append(str);
    }

    AbstractStringBuilder(CharSequence seq) {
        int len = seq.length();
        int cap = len + 16;
        if (cap < 0) cap = Integer.MAX_VALUE;
        value = new char[cap];
        append(seq);
    }

    final char[] getValue() {
        return value;
    }

    int compareTo(AbstractStringBuilder another) {
        if (this == another) return 0;
        char[] a = value, b = another.value;
        int n = Math.min(count, another.count);
        for (int i = 0; i < n; i++) {
            if (a[i] != b[i]) return a[i] - b[i];
        }
        return count - another.count;
    }

    public int length() {
        return count;
    }

    public int capacity() {
        return value.length;
    }

    public void ensureCapacity(int minimumCapacity) {
        if (minimumCapacity > 0) ensureCapacityInternal(minimumCapacity);
    }

    private void ensureCapacityInternal(int minimumCapacity) {
        int old = value.length;
        if (minimumCapacity - old > 0) {
            int growth = Math.max(minimumCapacity - old, old + 2);
            int cap = old + growth;
            if (cap < 0 || cap > Integer.MAX_VALUE - 8) {
                if (minimumCapacity < 0) throw new OutOfMemoryError("Required length exceeds implementation limit");
                cap = Math.max(minimumCapacity, Integer.MAX_VALUE - 8);
            }
            char[] v = new char[cap];
            System.arraycopy(value, 0, v, 0, count);
            value = v;
        }
    }

    public void trimToSize() {
        if (count < value.length) {
            char[] v = new char[count];
            System.arraycopy(value, 0, v, 0, count);
            value = v;
        }
    }

    public void setLength(int newLength) {
        if (newLength < 0) throw new StringIndexOutOfBoundsException(newLength);
        ensureCapacityInternal(newLength);
        for (int i = count; i < newLength; i++) value[i] = '\0';
        count = newLength;
    }

    public char charAt(int index) {
        String.checkIndex(index, count);
        return value[index];
    }

    public int codePointAt(int index) {
        String.checkIndex(index, count);
        return Character.codePointAt(value, index, count);
    }

    public int codePointBefore(int index) {
        int i = index - 1;
        if (i < 0 || i >= count) throw new StringIndexOutOfBoundsException(index);
        return Character.codePointBefore(value, index);
    }

    public int codePointCount(int beginIndex, int endIndex) {
        if (beginIndex < 0 || endIndex > count || beginIndex > endIndex)
            throw new IndexOutOfBoundsException();
        return Character.codePointCount(value, beginIndex, endIndex - beginIndex);
    }

    public void getChars(int srcBegin, int srcEnd, char[] dst, int dstBegin) {
        checkRangeSIOOBE(srcBegin, srcEnd, count);
        int n = srcEnd - srcBegin;
        String.checkBoundsOffCount(dstBegin, n, dst.length);
        System.arraycopy(value, srcBegin, dst, dstBegin, n);
    }

    public void setCharAt(int index, char ch) {
        String.checkIndex(index, count);
        value[index] = ch;
    }

    static void checkRangeSIOOBE(int start, int end, int len) {
        if (start < 0 || start > end || end > len)
            throw new StringIndexOutOfBoundsException(
                "start " + start + ", end " + end + ", length " + len);
    }

    static void checkRange(int start, int end, int len) {
        if (start < 0 || start > end || end > len)
            throw new IndexOutOfBoundsException(
                "start " + start + ", end " + end + ", length " + len);
    }

    // ---- append -----------------------------------------------------------

    public AbstractStringBuilder append(Object obj) {
        return append(String.valueOf(obj));
    }

    public AbstractStringBuilder append(String str) {
        if (str == null) return appendNull();
        int len = str.length();
        ensureCapacityInternal(count + len);
        str.getChars(0, len, value, count);
        count += len;
        return this;
    }

    public AbstractStringBuilder append(StringBuffer sb) {
        return append((CharSequence) sb);
    }

    AbstractStringBuilder append(AbstractStringBuilder asb) {
        if (asb == null) return appendNull();
        int len = asb.length();
        ensureCapacityInternal(count + len);
        System.arraycopy(asb.value, 0, value, count, len);
        count += len;
        return this;
    }

    public AbstractStringBuilder append(CharSequence s) {
        if (s == null) return appendNull();
        if (s instanceof String) return append((String) s);
        if (s instanceof AbstractStringBuilder) return append((AbstractStringBuilder) s);
        return append(s, 0, s.length());
    }

    private AbstractStringBuilder appendNull() {
        ensureCapacityInternal(count + 4);
        char[] v = value;
        v[count++] = 'n';
        v[count++] = 'u';
        v[count++] = 'l';
        v[count++] = 'l';
        return this;
    }

    public AbstractStringBuilder append(CharSequence s, int start, int end) {
        if (s == null) s = "null";
        checkRange(start, end, s.length());
        int len = end - start;
        ensureCapacityInternal(count + len);
        for (int i = start; i < end; i++) value[count++] = s.charAt(i);
        return this;
    }

    public AbstractStringBuilder append(char[] str) {
        int len = str.length;
        ensureCapacityInternal(count + len);
        System.arraycopy(str, 0, value, count, len);
        count += len;
        return this;
    }

    public AbstractStringBuilder append(char[] str, int offset, int len) {
        int end = offset + len;
        checkRange(offset, end, str.length);
        ensureCapacityInternal(count + len);
        System.arraycopy(str, offset, value, count, len);
        count += len;
        return this;
    }

    public AbstractStringBuilder append(boolean b) {
        return append(b ? "true" : "false");
    }

    public AbstractStringBuilder append(char c) {
        ensureCapacityInternal(count + 1);
        value[count++] = c;
        return this;
    }

    public AbstractStringBuilder append(int i) {
        int size = Integer.stringSize(i);
        ensureCapacityInternal(count + size);
        Integer.getChars(i, count + size, value);
        count += size;
        return this;
    }

    public AbstractStringBuilder append(long l) {
        int size = Long.stringSize(l);
        ensureCapacityInternal(count + size);
        Long.getChars(l, count + size, value);
        count += size;
        return this;
    }

    public AbstractStringBuilder append(float f) {
        return append(Float.toString(f));
    }

    public AbstractStringBuilder append(double d) {
        return append(Double.toString(d));
    }

    public AbstractStringBuilder appendCodePoint(int codePoint) {
        if (Character.isBmpCodePoint(codePoint)) return append((char) codePoint);
        if (!Character.isValidCodePoint(codePoint))
            throw new IllegalArgumentException(
                "Not a valid Unicode code point: 0x" + Integer.toHexString(codePoint).toUpperCase());
        ensureCapacityInternal(count + 2);
        value[count++] = Character.highSurrogate(codePoint);
        value[count++] = Character.lowSurrogate(codePoint);
        return this;
    }

    // ---- delete / replace / insert ---------------------------------------

    public AbstractStringBuilder delete(int start, int end) {
        int c = count;
        if (end > c) end = c;
        checkRangeSIOOBE(start, end, c);
        int len = end - start;
        if (len > 0) {
            System.arraycopy(value, end, value, start, c - end);
            count = c - len;
        }
        return this;
    }

    public AbstractStringBuilder deleteCharAt(int index) {
        String.checkIndex(index, count);
        System.arraycopy(value, index + 1, value, index, count - index - 1);
        count--;
        return this;
    }

    public AbstractStringBuilder replace(int start, int end, String str) {
        int c = count;
        if (end > c) end = c;
        checkRangeSIOOBE(start, end, c);
        int len = str.length();
        int newCount = c + len - (end - start);
        ensureCapacityInternal(newCount);
        System.arraycopy(value, end, value, start + len, c - end);
        str.getChars(0, len, value, start);
        count = newCount;
        return this;
    }

    public String substring(int start) {
        return substring(start, count);
    }

    public CharSequence subSequence(int start, int end) {
        return substring(start, end);
    }

    public String substring(int start, int end) {
        checkRangeSIOOBE(start, end, count);
        return new String(value, start, end - start);
    }

    private void shift(int offset, int n) {
        ensureCapacityInternal(count + n);
        System.arraycopy(value, offset, value, offset + n, count - offset);
    }

    public AbstractStringBuilder insert(int index, char[] str, int offset, int len) {
        String.checkOffset(index, count);
        checkRangeSIOOBE(offset, offset + len, str.length);
        shift(index, len);
        System.arraycopy(str, offset, value, index, len);
        count += len;
        return this;
    }

    public AbstractStringBuilder insert(int offset, Object obj) {
        return insert(offset, String.valueOf(obj));
    }

    public AbstractStringBuilder insert(int offset, String str) {
        String.checkOffset(offset, count);
        if (str == null) str = "null";
        int len = str.length();
        shift(offset, len);
        str.getChars(0, len, value, offset);
        count += len;
        return this;
    }

    public AbstractStringBuilder insert(int offset, char[] str) {
        String.checkOffset(offset, count);
        int len = str.length;
        shift(offset, len);
        System.arraycopy(str, 0, value, offset, len);
        count += len;
        return this;
    }

    public AbstractStringBuilder insert(int dstOffset, CharSequence s) {
        if (s == null) s = "null";
        return insert(dstOffset, s, 0, s.length());
    }

    public AbstractStringBuilder insert(int dstOffset, CharSequence s, int start, int end) {
        if (s == null) s = "null";
        String.checkOffset(dstOffset, count);
        checkRange(start, end, s.length());
        int len = end - start;
        shift(dstOffset, len);
        for (int i = start; i < end; i++) value[dstOffset++] = s.charAt(i);
        count += len;
        return this;
    }

    public AbstractStringBuilder insert(int offset, boolean b) {
        return insert(offset, String.valueOf(b));
    }

    public AbstractStringBuilder insert(int offset, char c) {
        String.checkOffset(offset, count);
        shift(offset, 1);
        value[offset] = c;
        count += 1;
        return this;
    }

    public AbstractStringBuilder insert(int offset, int i) {
        return insert(offset, String.valueOf(i));
    }

    public AbstractStringBuilder insert(int offset, long l) {
        return insert(offset, String.valueOf(l));
    }

    public AbstractStringBuilder insert(int offset, float f) {
        return insert(offset, String.valueOf(f));
    }

    public AbstractStringBuilder insert(int offset, double d) {
        return insert(offset, String.valueOf(d));
    }

    // ---- search / reverse / toString --------------------------------------

    public int indexOf(String str) {
        return indexOf(str, 0);
    }

    public int indexOf(String str, int fromIndex) {
        return String.indexOf(value, count, str.toCharArray(), fromIndex);
    }

    public int lastIndexOf(String str) {
        return lastIndexOf(str, count);
    }

    public int lastIndexOf(String str, int fromIndex) {
        return String.lastIndexOf(value, count, str.toCharArray(), fromIndex);
    }

    public AbstractStringBuilder reverse() {
        char[] v = value;
        int n = count - 1;
        boolean hasSurrogates = false;
        for (int j = (n - 1) >> 1; j >= 0; j--) {
            int k = n - j;
            char cj = v[j], ck = v[k];
            v[j] = ck;
            v[k] = cj;
            if (Character.isSurrogate(cj) || Character.isSurrogate(ck)) hasSurrogates = true;
        }
        if (hasSurrogates) {
            for (int i = 0; i < n; i++) {
                char c2 = v[i];
                if (Character.isLowSurrogate(c2)) {
                    char c1 = v[i + 1];
                    if (Character.isHighSurrogate(c1)) {
                        v[i++] = c1;
                        v[i] = c2;
                    }
                }
            }
        }
        return this;
    }

    public abstract String toString();
}
