// Output on System.err is separate from System.out; exit status 0.
public class StderrOutput {
    public static void main(String[] args) {
        System.out.println("to stdout 1");
        System.err.println("to stderr: warning " + 42);
        System.out.println("to stdout 2");
        System.err.print("partial ");
        System.err.println("line");
    }
}
