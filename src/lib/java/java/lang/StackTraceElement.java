/*
 * java.lang.StackTraceElement for vifvm.  The VM renders frames as text
 * ("pkg.Cls.method(File.java:12)"); elements are parsed back from that
 * text and print it unchanged.
 */
package java.lang;

public final class StackTraceElement implements java.io.Serializable {
    private static final long serialVersionUID = 6992337162326171013L;

    private final String declaringClass;
    private final String methodName;
    private final String fileName;
    private final int lineNumber;
    private String text;

    public StackTraceElement(String declaringClass, String methodName, String fileName,
                             int lineNumber) {
        if (declaringClass == null) throw new NullPointerException("Declaring class is null");
        if (methodName == null) throw new NullPointerException("Method name is null");
        this.declaringClass = declaringClass;
        this.methodName = methodName;
        this.fileName = fileName;
        this.lineNumber = lineNumber;
    }

    static StackTraceElement parse(String s) {
        int open = s.lastIndexOf('(');
        int close = s.lastIndexOf(')');
        String where = open >= 0 ? s.substring(0, open) : s;
        String loc = (open >= 0 && close > open) ? s.substring(open + 1, close) : "";
        int slash = where.indexOf('/');
        String qual = slash >= 0 ? where.substring(slash + 1) : where;
        int dot = qual.lastIndexOf('.');
        String cls = dot >= 0 ? qual.substring(0, dot) : "";
        String method = dot >= 0 ? qual.substring(dot + 1) : qual;
        String file = null;
        int line = -1;
        if (loc.equals("Native Method")) {
            line = -2;
        } else if (!loc.equals("Unknown Source") && !loc.isEmpty()) {
            int colon = loc.lastIndexOf(':');
            if (colon >= 0) {
                file = loc.substring(0, colon);
                try {
                    line = Integer.parseInt(loc.substring(colon + 1));
                } catch (NumberFormatException e) {
                    file = loc;
                }
            } else {
                file = loc;
            }
        }
        StackTraceElement e = new StackTraceElement(cls, method, file, line);
        e.text = s;
        return e;
    }

    public String getFileName() {
        return fileName;
    }

    public int getLineNumber() {
        return lineNumber;
    }

    public String getClassName() {
        return declaringClass;
    }

    public String getMethodName() {
        return methodName;
    }

    public boolean isNativeMethod() {
        return lineNumber == -2;
    }

    public String toString() {
        if (text != null) return text;
        String loc;
        if (isNativeMethod()) loc = "Native Method";
        else if (fileName == null) loc = "Unknown Source";
        else if (lineNumber >= 0) loc = fileName + ":" + lineNumber;
        else loc = fileName;
        return declaringClass + "." + methodName + "(" + loc + ")";
    }

    public boolean equals(Object obj) {
        if (obj == this) return true;
        if (!(obj instanceof StackTraceElement)) return false;
        StackTraceElement e = (StackTraceElement) obj;
        return e.lineNumber == lineNumber && e.declaringClass.equals(declaringClass)
            && e.methodName.equals(methodName)
            && (fileName == null ? e.fileName == null : fileName.equals(e.fileName));
    }

    public int hashCode() {
        int result = 31 * declaringClass.hashCode() + methodName.hashCode();
        result = 31 * result + (fileName == null ? 0 : fileName.hashCode());
        result = 31 * result + lineNumber;
        return result;
    }
}
