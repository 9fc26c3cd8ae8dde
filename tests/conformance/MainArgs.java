// main receives an empty, non-null String[] when no arguments are given; main can be called recursively.
public class MainArgs {
    static int depth;
    public static void main(String[] args) {
        System.out.println("args " + (args != null) + " " + args.length + " " + args.getClass().getName());
        if (depth++ < 2) main(new String[] {"nested" + depth});
        if (args.length > 0) System.out.println("called with " + args[0]);
    }
}
