// System.exit(0) from a nested call ends the program with status 0; System.exit(42) is not reached.
public class SystemExitZero {
    static boolean done(int i) {
        if (i == 7) { System.out.println("done at " + i); System.exit(0); }
        return false;
    }
    public static void main(String[] args) {
        for (int i = 0; i < 100; i++) {
            System.out.println("i=" + i);
            done(i);
        }
        System.exit(42);
    }
}
