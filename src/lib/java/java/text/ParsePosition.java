/* java.text.ParsePosition (JDK 17 API). */
package java.text;

public class ParsePosition {
    int index;
    int errorIndex = -1;

    public ParsePosition(int index) {
        this.index = index;
    }

    public int getIndex() {
        return index;
    }

    public void setIndex(int index) {
        this.index = index;
    }

    public void setErrorIndex(int ei) {
        errorIndex = ei;
    }

    public int getErrorIndex() {
        return errorIndex;
    }

    public boolean equals(Object obj) {
        if (!(obj instanceof ParsePosition)) return false;
        ParsePosition other = (ParsePosition) obj;
        return (index == other.index && errorIndex == other.errorIndex);
    }

    public int hashCode() {
        return (errorIndex << 16) | index;
    }

    public String toString() {
        return getClass().getName() + "[index=" + index + ",errorIndex=" + errorIndex + ']';
    }
}
