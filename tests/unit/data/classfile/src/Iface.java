// Sample for tests/unit/test_classfile.c (compiled with --release 8).
public interface Iface {
    int K = 42;

    void a();

    default int b() {
        return K + c();
    }

    static int c() {
        return 2;
    }
}
