// System.exit with a status from inside try/finally: finally blocks do not run, output is flushed.
public class SystemExit {
    static void deep(int n) {
        if (n == 0) {
            System.out.println("exiting with 3");
            System.exit(3);
        }
        try {
            deep(n - 1);
        } finally {
            System.out.println("finally " + n + " (must not print)");
        }
    }
    public static void main(String[] args) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 1000; i++) sb.append(i % 10);
        System.out.println(sb);
        System.out.print("no newline before exit; ");
        deep(5);
        System.out.println("unreachable");
    }
}
