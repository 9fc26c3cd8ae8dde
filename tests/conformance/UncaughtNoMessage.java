// Uncaught exception without a message thrown from a nested call; also System.err output before it.
public class UncaughtNoMessage {
    static int divide(int a, int b) { return a / b; }
    public static void main(String[] args) {
        System.out.println(divide(10, 5));
        System.out.println(divide(1, 0));
    }
}
