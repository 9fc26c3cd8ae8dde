// Prints what the launcher handed the VM: properties, environment, the
// working directory, arguments and standard input (tests/launcher/run.sh).
import java.util.Scanner;

public class Launch {
    public static void main(String[] args) {
        System.out.println("p=" + System.getProperty("t.p"));
        System.out.println("q=" + System.getProperty("t.q"));
        System.out.println("env=" + System.getenv("VIFVM_LAUNCH_T"));
        System.out.println("dir=" + System.getProperty("user.dir"));
        System.out.println("cp=" + System.getProperty("java.class.path"));
        System.out.println("args=" + String.join(",", args));
        Scanner sc = new Scanner(System.in);
        System.out.println("in=" + (sc.hasNextLine() ? sc.nextLine() : "<eof>"));
        String s = null;
        try {
            s.length();
        } catch (NullPointerException e) {
            System.out.println("npe=" + e.getMessage());
        }
    }
}
