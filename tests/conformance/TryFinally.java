// finally runs on normal completion, on exceptions, on return/break/continue from try and catch.
public class TryFinally {
    static StringBuilder log = new StringBuilder();
    static int f1() {
        try { log.append("t1 "); return 1; } finally { log.append("f1 "); }
    }
    static int f2() {
        try { throw new RuntimeException("x"); }
        catch (RuntimeException e) { log.append("c2 "); return 2; }
        finally { log.append("f2 "); }
    }
    static void f3() {
        try { throw new IllegalStateException("f3"); } finally { log.append("f3 "); }
    }
    static int loop() {
        int n = 0;
        for (int i = 0; i < 10; i++) {
            try {
                if (i % 2 == 0) continue;
                if (i == 7) break;
                n += i;
            } finally {
                n += 100;
            }
        }
        return n;
    }
    static int valueSnapshot() {
        int x = 1;
        try { return x; } finally { x = 99; log.append("x=" + x + " "); }
    }
    static String nested() {
        StringBuilder sb = new StringBuilder();
        try {
            try {
                try { sb.append('a'); throw new RuntimeException(); }
                finally { sb.append('b'); }
            } finally { sb.append('c'); }
        } catch (RuntimeException e) { sb.append('d'); }
        finally { sb.append('e'); }
        return sb.toString();
    }
    public static void main(String[] args) {
        System.out.println(f1() + " " + f2() + " " + log);
        log.setLength(0);
        try { f3(); } catch (IllegalStateException e) { log.append("caught " + e.getMessage()); }
        System.out.println(log);
        System.out.println("loop " + loop());
        log.setLength(0);
        System.out.println(valueSnapshot() + " " + log);
        System.out.println(nested());
        int count = 0;
        for (int i = 0; i < 100000; i++) {
            try { if (i % 3 == 0) throw new RuntimeException(); count++; }
            catch (RuntimeException e) { count += 2; }
            finally { count += 3; }
        }
        System.out.println("count " + count);
    }
}
