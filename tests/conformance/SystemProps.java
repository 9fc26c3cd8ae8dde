// System properties from -D (the runner passes the jvm-args below to java
// and vifvm), the host's user.dir/user.name/user.home, java.class.path, getenv.
// conformance: jvm-args -Dvifvm.test=hello -Dvifvm.eq=a=b -Dvifvm.flag -Dvifvm.num=42 -Dvifvm.bool=true -Dvifvm.test=again
import java.util.Map;

public class SystemProps {
    public static void main(String[] args) {
        System.out.println(System.getProperty("vifvm.test"));
        System.out.println(System.getProperty("vifvm.eq"));
        System.out.println("[" + System.getProperty("vifvm.flag") + "]");
        System.out.println(System.getProperty("vifvm.missing"));
        System.out.println(System.getProperty("vifvm.missing", "dflt"));
        System.out.println(Integer.getInteger("vifvm.num") + " " + Boolean.getBoolean("vifvm.bool"));
        System.out.println(System.setProperty("vifvm.test", "set") + " " + System.getProperty("vifvm.test"));
        System.out.println(System.clearProperty("vifvm.test") + " " + System.getProperty("vifvm.test"));

        String cp = System.getProperty("java.class.path");
        System.out.println(cp.startsWith("/") + " " + cp.substring(cp.lastIndexOf('/') + 1));
        String dir = System.getProperty("user.dir");
        System.out.println(dir.startsWith("/") + " " + dir.equals(System.getProperty("user.dir")));
        System.out.println(System.getProperty("user.name"));
        System.out.println(System.getProperty("user.home"));
        System.out.println(System.getProperty("file.separator") + System.getProperty("path.separator"));

        System.out.println(System.getenv("VIFVM_SURELY_UNSET_VARIABLE"));
        String path = System.getenv("PATH");
        Map<String, String> env = System.getenv();
        System.out.println((path != null) + " " + path.equals(env.get("PATH")) + " " + env.containsKey("PATH"));
        try {
            env.put("X", "y");
        } catch (UnsupportedOperationException e) {
            System.out.println("unmodifiable");
        }
        try {
            System.getenv(null);
        } catch (NullPointerException e) {
            System.out.println("NPE");
        }
        try {
            System.getProperty("");
        } catch (IllegalArgumentException e) {
            System.out.println(e.getMessage());
        }
    }
}
