// Exceptions thrown in callees and propagated through frames entered on
// the fast call paths (static, virtual, interface, native, inlined call
// sites' slow paths), caught at various depths, with finally blocks; the
// stack trace must show the same frames as on the JVM.
interface Thrower {
    int go(int n);
}

class T1 implements Thrower {
    public int go(int n) {
        if (n == 0) throw new IllegalStateException("t1 bottom");
        return CallsExceptions.level(n - 1, this) + 1;
    }
}

class T2 extends T1 {
    public int go(int n) {
        if (n == 1) throw new ArithmeticException("t2 at 1");
        return super.go(n);
    }
}

public class CallsExceptions {
    static int finallies;

    static int level(int n, Thrower t) {
        try {
            return t.go(n);
        } finally {
            finallies++;
        }
    }

    static int divide(int a, int b) { return a / b; }
    static int viaDivide(int a, int b) { return divide(a, b) + 1; }
    static int index(int[] a, int i) { return a[i]; }
    static int nested(int n) {
        if (n == 0) {
            int[] a = new int[2];
            return index(a, 5);
        }
        try {
            return nested(n - 1);
        } catch (ArithmeticException e) {
            return -100;
        }
    }

    static void trace(Throwable e) {
        StringBuilder sb = new StringBuilder(e.getClass().getName());
        sb.append(": ").append(e.getMessage()).append(" at");
        for (StackTraceElement s : e.getStackTrace()) {
            if (s.getClassName().startsWith("java.")) continue;
            sb.append(' ').append(s.getMethodName());
        }
        System.out.println(sb);
    }

    static int checked(int n) throws Exception {
        if (n > 3) throw new Exception("checked " + n);
        return checked(n + 1) * 2;
    }

    public static void main(String[] args) {
        try {
            level(5, new T1());
        } catch (IllegalStateException e) {
            trace(e);
        }
        try {
            level(5, new T2());
        } catch (ArithmeticException e) {
            trace(e);
        }
        System.out.println("finallies " + finallies);
        int caught = 0;
        for (int i = 0; i < 2000; i++) {
            try {
                caught += viaDivide(i, i % 4 == 0 ? 0 : 1);
            } catch (ArithmeticException e) {
                caught -= 3;
            }
        }
        System.out.println("divide " + caught);
        try {
            nested(20);
        } catch (ArrayIndexOutOfBoundsException e) {
            trace(e);
        }
        try {
            checked(0);
        } catch (Exception e) {
            trace(e);
        }
        try {
            System.arraycopy(new int[3], 0, new int[2], 0, 3);
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("arraycopy AIOOBE");
        }
        try {
            Integer.parseInt("12x");
        } catch (NumberFormatException e) {
            System.out.println("NFE " + e.getMessage());
        }
        try {
            Object o = "str";
            Integer i = (Integer) o;
            System.out.println(i);
        } catch (ClassCastException e) {
            System.out.println("CCE");
        }
        int[] counts = new int[3];
        for (int i = 0; i < 3000; i++) {
            Thrower t = i % 3 == 0 ? new T1() : new T2();
            try {
                counts[0] += level(i % 4, t);
            } catch (IllegalStateException e) {
                counts[1]++;
            } catch (ArithmeticException e) {
                counts[2]++;
            }
        }
        System.out.println("mixed " + counts[0] + " " + counts[1] + " " + counts[2] + " " + finallies);
    }
}
