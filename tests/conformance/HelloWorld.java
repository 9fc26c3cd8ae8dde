// The smallest program: one line of output.
public class HelloWorld {
    public static void main(String[] args) {
        System.out.println("Hello, world!");
    }
}
