/* Main21.java - calls the javac-21-shaped pattern switches of Switch21
 * (GenSwitch21.java) and prints each result; Main21.expected is what JDK
 * 21's SwitchBootstraps returns (index of the first matching label at or
 * after restart, -1 for null, labels.length if none). */
public class Main21 {
    static void ts(String what, Object o, int restart) {
        System.out.println("ts " + what + " @" + restart + " = " + Switch21.ts(o, restart));
    }
    public static void main(String[] args) {
        for (int round = 0; round < 2; round++) {   // the second round: compiled
            ts("A", E21.A, 0);
            ts("B", E21.B, 0);
            ts("C", E21.C, 0);
            ts("\"x\"", "x", 0);
            ts("\"y\"", "y", 0);
            ts("7", 7, 0);
            ts("8", 8, 0);
            ts("7L", 7L, 0);
            ts("(char)7", (char) 7, 0);
            ts("null", null, 0);
            ts("B", E21.B, 1);
            ts("7", 7, 3);
            ts("\"x\"", "x", 7);
            for (E21 e : E21.values()) System.out.println("es " + e + " = " + Switch21.es(e, 0) + " " + Switch21.es(e, 1));
            System.out.println("es null = " + Switch21.es(null, 0));
        }
        try {
            Switch21.mx(new ArithmeticException("/ by zero"));
        } catch (RuntimeException e) {
            System.out.println(e.getClass().getName() + ": " + e.getMessage() + " caused by " + e.getCause());
        }
        int s = 0;
        for (int i = 0; i < 100000; i++) s += Switch21.ts(i % 3 == 0 ? (Object) E21.C : (Object) Integer.valueOf(i & 15), 0);
        System.out.println("sum " + s);
    }
}
