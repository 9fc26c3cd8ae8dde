// tests/unit/data/api/ApiLambda.java - a lambda: vm_prepare_class refuses it.
public class ApiLambda {
    static int n;
    public static void run() { Runnable r = () -> n++; r.run(); }
}
