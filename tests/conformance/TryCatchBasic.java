// try/catch: matching by subclass, order of catch clauses, multi-catch, catch and continue, rethrow.
public class TryCatchBasic {
    static class AppException extends Exception {
        AppException(String m) { super(m); }
    }
    static class DbException extends AppException {
        final int code;
        DbException(String m, int code) { super(m); this.code = code; }
    }
    static void thrower(int k) throws Exception {
        switch (k) {
            case 0: throw new AppException("app");
            case 1: throw new DbException("db", 42);
            case 2: throw new IllegalArgumentException("illegal");
            case 3: throw new Exception("plain");
            case 4: throw new UnsupportedOperationException("unsupported");
            case 5: throw new IndexOutOfBoundsException("ioob");
            default: System.out.println("no throw " + k);
        }
    }
    public static void main(String[] args) {
        for (int k = 0; k <= 6; k++) {
            try {
                thrower(k);
                System.out.println("returned normally");
            } catch (DbException e) {
                System.out.println("DbException " + e.getMessage() + " code " + e.code);
            } catch (AppException e) {
                System.out.println("AppException " + e.getMessage());
            } catch (IllegalArgumentException | UnsupportedOperationException e) {
                System.out.println("multi " + e.getClass().getName() + " " + e.getMessage());
            } catch (RuntimeException e) {
                System.out.println("runtime " + e);
            } catch (Exception e) {
                System.out.println("exception " + e);
            }
        }
        int caught = 0;
        for (int i = 0; i < 5; i++) {
            try {
                try {
                    thrower(i);
                } catch (AppException e) {
                    caught += 10;
                    throw new RuntimeException("wrapped " + e.getMessage(), e);
                }
            } catch (RuntimeException e) {
                caught++;
                System.out.println(e.getMessage() + " cause=" + (e.getCause() == null ? "none" : e.getCause().getMessage()));
            } catch (Exception e) {
                caught += 100;
            }
        }
        System.out.println("caught " + caught);
    }
}
