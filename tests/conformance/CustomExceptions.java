// User-defined checked and unchecked exception hierarchies with extra state and overridden getMessage.
public class CustomExceptions {
    static class ValidationException extends Exception {
        private final String field;
        ValidationException(String field, String msg) { super(msg); this.field = field; }
        String field() { return field; }
    }
    static class RangeException extends ValidationException {
        final int lo, hi, value;
        RangeException(String field, int lo, int hi, int value) {
            super(field, "out of range");
            this.lo = lo; this.hi = hi; this.value = value;
        }
        public String getMessage() { return super.getMessage() + " [" + lo + "," + hi + "]: " + value; }
    }
    static class Fatal extends RuntimeException {
        Fatal() { super(); }
    }
    static class Quiet extends Error {
        Quiet(String s) { super(s); }
    }
    static void validate(String field, int v) throws ValidationException {
        if (v < 0) throw new ValidationException(field, "negative");
        if (v > 100) throw new RangeException(field, 0, 100, v);
    }
    public static void main(String[] args) {
        int[] vals = {5, -1, 500, 100};
        for (int v : vals) {
            try {
                validate("f" + v, v);
                System.out.println(v + " ok");
            } catch (RangeException e) {
                System.out.println("range " + e.field() + " " + e.getMessage() + " | " + e);
            } catch (ValidationException e) {
                System.out.println("invalid " + e.field() + " " + e.getMessage() + " | " + e);
            }
        }
        try {
            throw new Fatal();
        } catch (Fatal f) {
            System.out.println("fatal message " + f.getMessage() + " | " + f);
        }
        try {
            throw new Quiet("shh");
        } catch (Error e) {
            System.out.println("error " + e.getMessage() + " " + (e instanceof Throwable));
        }
        Throwable t = new Throwable("raw throwable");
        System.out.println(t + " " + t.getLocalizedMessage());
        Exception ex = new Exception();
        System.out.println(ex + " " + ex.getMessage());
    }
}
