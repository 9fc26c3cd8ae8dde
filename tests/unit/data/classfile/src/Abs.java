// Sample for tests/unit/test_classfile.c (compiled with --release 7).
public abstract class Abs {
    protected abstract int f(long x);

    static int g() {
        return Iface2.class.hashCode();
    }

    interface Iface2 {
    }
}
