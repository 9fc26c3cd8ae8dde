// tests/unit/data/api/ApiLambda.java - a lambda: vm_prepare_class links it
// (test_api.c also renames its bootstrap method: then it refuses it).
public class ApiLambda {
    static int n;
    public static void run() { Runnable r = () -> n++; r.run(); }
}
