// try-with-resources: close order, exceptions in body and close, addSuppressed/getSuppressed.
public class TryWithResources {
    static StringBuilder log = new StringBuilder();
    static class Res implements AutoCloseable {
        final String name; final boolean failClose;
        Res(String name, boolean failClose) { this.name = name; this.failClose = failClose; log.append("open " + name + "; "); }
        public void close() throws Exception {
            log.append("close " + name + "; ");
            if (failClose) throw new IllegalStateException("close failed: " + name);
        }
    }
    static void run(boolean failBody, boolean failA, boolean failB) {
        log.setLength(0);
        try (Res a = new Res("A", failA); Res b = new Res("B", failB)) {
            log.append("body; ");
            if (failBody) throw new RuntimeException("body failed");
        } catch (Exception e) {
            log.append("caught " + e.getMessage());
            Throwable[] sup = e.getSuppressed();
            log.append(" suppressed=" + sup.length);
            for (Throwable s : sup) log.append(" [" + s.getMessage() + "]");
        }
        System.out.println(log);
    }
    public static void main(String[] args) {
        run(false, false, false);
        run(true, false, false);
        run(false, true, false);
        run(false, true, true);
        run(true, true, true);
        Exception main = new Exception("main");
        main.addSuppressed(new RuntimeException("s1"));
        main.addSuppressed(new Error("s2"));
        System.out.println(main.getSuppressed().length + " " + main.getSuppressed()[1].getMessage());
        try {
            main.addSuppressed(main);
        } catch (IllegalArgumentException e) {
            System.out.println("self-suppression rejected");
        }
        try {
            main.addSuppressed(null);
        } catch (NullPointerException e) {
            System.out.println("null suppression rejected");
        }
        log.setLength(0);
        try (Res only = null) {
            log.append("null resource body");
        } catch (Exception e) {
            log.append("unexpected");
        }
        System.out.println(log);
    }
}
