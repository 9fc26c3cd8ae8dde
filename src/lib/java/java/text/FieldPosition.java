/* java.text.FieldPosition (JDK 17 API; vifvm's formats do not report
 * field positions: begin and end stay 0). */
package java.text;

public class FieldPosition {
    int field;
    int endIndex;
    int beginIndex;

    public FieldPosition(int field) {
        this.field = field;
    }

    public int getField() {
        return field;
    }

    public int getBeginIndex() {
        return beginIndex;
    }

    public int getEndIndex() {
        return endIndex;
    }

    public void setBeginIndex(int bi) {
        beginIndex = bi;
    }

    public void setEndIndex(int ei) {
        endIndex = ei;
    }

    public String toString() {
        return getClass().getName() + "[field=" + field + ",attribute=null,beginIndex=" + beginIndex
            + ",endIndex=" + endIndex + ']';
    }
}
