// The built-in exception hierarchy: instanceof relations, toString formats, and which operations throw what.
public class ExceptionTypes {
    static String kinds(Throwable t) {
        return t.getClass().getName() + " ex=" + (t instanceof Exception) + " rt=" + (t instanceof RuntimeException)
            + " err=" + (t instanceof Error) + " iae=" + (t instanceof IllegalArgumentException)
            + " ioobe=" + (t instanceof IndexOutOfBoundsException);
    }
    public static void main(String[] args) {
        Throwable[] ts = {new ArithmeticException("a"), new ArrayIndexOutOfBoundsException("b"), new StringIndexOutOfBoundsException("c"),
            new NumberFormatException("d"), new ClassCastException("e"), new NullPointerException(), new IllegalStateException(),
            new UnsupportedOperationException("f"), new NegativeArraySizeException("g"), new ArrayStoreException("h"),
            new StackOverflowError(), new OutOfMemoryError("i"), new NoClassDefFoundError("j"), new ExceptionInInitializerError("k"),
            new AssertionError("l"), new CloneNotSupportedException("m"), new InterruptedException("n"), new java.util.NoSuchElementException("o"),
            new java.util.ConcurrentModificationException(), new IndexOutOfBoundsException("idx"), new IllegalMonitorStateException("p"),
            new LinkageError("q"), new InternalError("r"), new ClassNotFoundException("s")};
        for (Throwable t : ts) System.out.println(kinds(t) + " | " + t);
        Object[] sinks = new Object[10];
        String[] results = new String[6];
        for (int i = 0; i < results.length; i++) {
            try {
                switch (i) {
                    case 0: sinks[10] = "x"; break;
                    case 1: "abc".substring(5); break;
                    case 2: Object o = "s"; Integer n = (Integer) o; break;
                    case 3: int[] neg = new int[-3]; break;
                    case 4: Long.parseLong("9x"); break;
                    case 5: new java.util.ArrayList<String>().iterator().next(); break;
                }
                results[i] = "none";
            } catch (RuntimeException e) {
                results[i] = e.getClass().getSimpleName();
            }
        }
        for (String r : results) System.out.println(r);
    }
}
