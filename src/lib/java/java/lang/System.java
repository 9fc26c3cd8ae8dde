/*
 * java.lang.System for vifvm: standard streams, time, arraycopy, identity
 * hash, exit, properties and the environment.
 *
 * `in` reads the platform's input stream 0 (end of input when the platform
 * has none).  setIn/setOut/setErr replace the final static fields through
 * a native, as the JDK does.  Properties: the VM's own fixed values, then
 * java.class.path, the host's user.dir/user.name/user.home and the VM
 * configuration's (vifvm -Dkey=value) from props0(), then setProperty.
 * getenv goes through the platform (no environment: null / empty map).
 * System.exit(n) ends the VM at once: no shutdown hooks, no finalizers.
 */
package java.lang;

import java.io.BufferedInputStream;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.PrintStream;

public final class System {
    private System() {}

    public static final InputStream in = new BufferedInputStream(new FileInputStream(FileDescriptor.in));
    public static final PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true);
    public static final PrintStream err = new PrintStream(new FileOutputStream(FileDescriptor.err), true);

    private static java.util.HashMap<String, String> props;

    public static void setIn(InputStream in) {
        setIn0(in);
    }

    private static native void setIn0(InputStream in);

    public static void setOut(PrintStream out) {
        setOut0(out);
    }

    public static void setErr(PrintStream err) {
        setErr0(err);
    }

    private static native void setOut0(PrintStream out);

    private static native void setErr0(PrintStream err);

    public static native long currentTimeMillis();

    public static native long nanoTime();

    public static native void arraycopy(Object src, int srcPos, Object dest, int destPos, int length);

    public static native int identityHashCode(Object x);

    private static native void exit0(int status);

    public static void exit(int status) {
        exit0(status);
    }

    public static void gc() {
        Runtime.getRuntime().gc();
    }

    public static void runFinalization() {}

    public static String lineSeparator() {
        return "\n";
    }

    private static String defaultProperty(String key) {
        switch (key) {
            case "line.separator": return "\n";
            case "file.separator": return "/";
            case "path.separator": return ":";
            case "java.version": return "17";
            case "java.specification.version": return "17";
            case "java.vm.specification.version": return "17";
            case "java.class.version": return "61.0";
            case "java.vendor": return "vifvm";
            case "java.vm.name": return "vifvm";
            case "java.vm.vendor": return "vifvm";
            case "java.home": return "/";
            case "os.name": return "Linux";
            case "os.arch": return "amd64";
            case "file.encoding": return "UTF-8";
            case "native.encoding": return "UTF-8";
            case "sun.jnu.encoding": return "UTF-8";
            case "user.name": return "?";
            case "user.dir": return "/";
            case "user.home": return "?";
            case "java.io.tmpdir": return "/tmp";
            default: return null;
        }
    }

    private static void checkKey(String key) {
        if (key == null) throw new NullPointerException("key can't be null");
        if (key.isEmpty()) throw new IllegalArgumentException("key can't be empty");
    }

    private static native String[] props0();

    private static java.util.HashMap<String, String> props() {
        if (props == null) {
            java.util.HashMap<String, String> m = new java.util.HashMap<String, String>();
            String[] kv = props0();
            for (int i = 0; i + 1 < kv.length && kv[i] != null; i += 2) m.put(kv[i], kv[i + 1]);
            props = m;
        }
        return props;
    }

    public static String getProperty(String key) {
        checkKey(key);
        java.util.HashMap<String, String> p = props();
        if (p.containsKey(key)) return p.get(key);
        return defaultProperty(key);
    }

    public static String getProperty(String key, String def) {
        String v = getProperty(key);
        return v == null ? def : v;
    }

    public static String setProperty(String key, String value) {
        checkKey(key);
        if (value == null) throw new NullPointerException();
        String old = getProperty(key);
        props().put(key, value);
        return old;
    }

    public static String clearProperty(String key) {
        checkKey(key);
        String old = getProperty(key);
        props().put(key, null);
        return old;
    }

    private static native String getenv0(String name);

    private static native String[] environ0();

    private static java.util.Map<String, String> env;

    public static String getenv(String name) {
        if (name == null) throw new NullPointerException();
        return getenv0(name);
    }

    public static java.util.Map<String, String> getenv() {
        if (env == null) {
            java.util.HashMap<String, String> m = new java.util.HashMap<String, String>();
            String[] kv = environ0();
            for (int i = 0; i + 1 < kv.length && kv[i] != null; i += 2) m.put(kv[i], kv[i + 1]);
            env = java.util.Collections.unmodifiableMap(m);
        }
        return env;
    }
}
