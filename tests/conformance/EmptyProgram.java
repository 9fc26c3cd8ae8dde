// A program that prints nothing and exits with status 0.
public class EmptyProgram {
    public static void main(String[] args) {
        int unused = 1 + 1;
        if (unused != 2) System.out.println("unreachable");
    }
}
